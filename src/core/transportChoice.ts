/**
 * Which transport (core/transport.ts) the extension uses, from VS Code's `http.*` settings, its own
 * `initia.http.transport` and the environment: VS Code's fetch when it can, undici directly otherwise or when asked,
 * through the proxy the settings or the environment name; and the CA certificates Node and the system trust.
 */
import { FetchTransport, UndiciTransport, type FetchFunction, type Transport } from './transport';
import { redactProxy, type ProxyConfig } from './proxy';

/** How the extension was told to reach the network: VS Code's `http.*` settings (user values) and its own choice. */
export interface NetworkConfig {
  /** `initia.http.transport`: VS Code's network stack when it can (auto), always it, or undici directly. */
  choice: 'auto' | 'vscode' | 'direct';
  /** `http.proxy`. */
  proxy?: string;
  /** `http.noProxy`; when empty, the NO_PROXY environment variable applies. */
  noProxy: readonly string[];
  /** `http.proxyStrictSSL`. */
  proxyStrictSSL: boolean;
  /** `http.proxyAuthorization`. */
  proxyAuthorization?: string;
  /** `http.proxySupport`: `off` means no proxy at all. */
  proxySupport: 'off' | 'on' | 'fallback' | 'override';
  /** `http.fetchAdditionalSupport`: whether VS Code's fetch applies proxies and certificates. */
  fetchAdditionalSupport: boolean;
}

interface TransportChoice {
  transport: Transport;
  /** One line for the log: which transport, and where its proxy comes from. */
  description: string;
}

interface ChooseOptions {
  /** VS Code's patched global fetch, when the extension runs in VS Code. */
  vscodeFetch?: FetchFunction;
  /** The environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY and their lower-case forms). */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * CA certificates for the direct transport (the bundled, NODE_EXTRA_CA_CERTS and the operating system's), read only
   * at that transport's first https connection (the system store takes some 20 ms to read).
   */
  ca?: () => readonly string[] | undefined;
  /** CA certificates to hand VS Code's fetch on top of its own (it ignores NODE_EXTRA_CA_CERTS otherwise), read at
   *  its first https request. */
  fetchCa?: () => readonly string[] | undefined;
  connectTimeoutMs?: number;
}

/** What the log says of CA certificates read on first need. */
const CAS_READ_LATER = "Node's and the system's CA certificates (read at the first https connection)";

/** The proxy from the environment, as VS Code reads it. */
function envProxy(env: ChooseOptions['env']): { url: string; from: string } | undefined {
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
    const v = env[name]?.trim();
    if (v) return { url: v, from: name };
  }
  return undefined;
}

/**
 * The transport for a configuration: VS Code's fetch (proxies from settings, the environment, the system or a PAC
 * file; proxy authentication; the operating system's CAs) unless told otherwise, or unavailable, or its network
 * support for extensions is off; otherwise undici directly, with the proxy of `http.proxy` or the environment.
 * `http.proxySupport: off` means no proxy on either.
 */
export function chooseTransport(config: NetworkConfig, options: ChooseOptions): TransportChoice {
  // VS Code's fetch answers a proxy's 407 with Kerberos or its own credentials prompt, never http.proxyAuthorization:
  // with that setting, auto goes direct, where it is sent.
  const fromEnv = envProxy(options.env);
  const useFetch =
    options.vscodeFetch !== undefined &&
    (config.choice === 'vscode' ||
      (config.choice === 'auto' &&
        config.fetchAdditionalSupport &&
        config.proxySupport !== 'off' &&
        !config.proxyAuthorization));
  if (useFetch) {
    const proxy =
      config.proxySupport === 'off'
        ? undefined
        : config.proxy
          ? `http.proxy ${redactProxy(config.proxy)}`
          : fromEnv
            ? `${fromEnv.from} ${redactProxy(fromEnv.url)}`
            : 'the system or PAC settings, if any';
    const describe = `VS Code's network stack (proxy: ${proxy ?? 'none, http.proxySupport is off'}${config.noProxy.length ? `; noProxy: ${config.noProxy.join(', ')}` : ''})`;
    const ca = options.fetchCa;
    return {
      transport: new FetchTransport(options.vscodeFetch!, { describe, ca }),
      description: `fetch through ${describe}${ca ? `; ${CAS_READ_LATER} added` : ''}`,
    };
  }
  const why =
    options.vscodeFetch === undefined
      ? 'outside VS Code'
      : config.choice === 'direct'
        ? 'initia.http.transport is direct'
        : config.proxySupport === 'off'
          ? 'http.proxySupport is off'
          : !config.fetchAdditionalSupport
            ? 'http.fetchAdditionalSupport is off'
            : 'http.proxyAuthorization is set, which only the direct transport sends';
  const proxyUrl = config.proxySupport === 'off' ? undefined : config.proxy || fromEnv?.url;
  const ca = options.ca;
  const cas = ca ? `; ${CAS_READ_LATER}` : '';
  if (!proxyUrl) {
    return {
      transport: new UndiciTransport({ ca, connectTimeoutMs: options.connectTimeoutMs }),
      description: `undici, direct (${why}; no proxy configured)${cas}`,
    };
  }
  const noProxy = config.noProxy.length
    ? config.noProxy
    : (options.env.no_proxy ?? options.env.NO_PROXY ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const proxy: ProxyConfig = {
    url: proxyUrl,
    noProxy,
    authorization: config.proxyAuthorization,
    strictSSL: config.proxyStrictSSL,
  };
  const from = config.proxy ? 'http.proxy' : fromEnv!.from;
  return {
    transport: new UndiciTransport({ proxy, ca, connectTimeoutMs: options.connectTimeoutMs }),
    description: `undici through the proxy ${redactProxy(proxyUrl)} from ${from}${noProxy.length ? `, noProxy ${noProxy.join(', ')}` : ''} (${why})${cas}`,
  };
}

/**
 * The CA certificates Node would trust plus the operating system's: `tls.getCACertificates` (Node 22.15 and newer,
 * so VS Code 1.101 and newer) gives the bundled ones with NODE_EXTRA_CA_CERTS ('default') and the system store
 * ('system'). Undefined on older Node, where the defaults (bundled and NODE_EXTRA_CA_CERTS) apply as they are.
 */
export function nodeCaCertificates(tlsModule: {
  getCACertificates?: (type: string) => string[];
}): string[] | undefined {
  const get = tlsModule.getCACertificates;
  if (typeof get !== 'function') return undefined;
  const read = (type: string): string[] => {
    try {
      return get(type);
    } catch {
      return [];
    }
  };
  return [...new Set([...read('default'), ...read('system')])];
}
