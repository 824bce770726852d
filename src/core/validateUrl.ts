/**
 * Service and page URLs, checked where they enter (settings, the registry, a local rollup): https, or plain http
 * for a host on this computer or a private network; no credentials, query or fragment.
 */
import { fail, ok, type Parsed } from './validate';

/**
 * Whether a host is this computer or on a private network, where plain http may be all a local chain, a devnet box
 * or a container offers: loopback (127.0.0.0/8, localhost, ::1), private IPv4 (10/8, 172.16/12, 192.168/16),
 * link-local (169.254/16, fe80::/10), unique-local IPv6 (fc00::/7), and names that only resolve locally: a single
 * label (a container name), `*.localhost`, `*.local`, `*.internal`, `*.lan`, `*.home.arpa`.
 */
export function isLocalHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  if (h.includes(':')) {
    if (h === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    if (mapped) return isLocalHost(mapped[1]!);
    return /^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h);
  }
  if (!h) return false;
  return !h.includes('.') || /\.(localhost|local|internal|lan|home\.arpa)$/.test(h) || h === 'localhost';
}

/**
 * A service's base URL: https, or plain http for a host on this computer or a private network (isLocalHost); no
 * credentials, query or fragment. Returns it without a trailing slash.
 */
export function parseServiceUrl(input: string): Parsed<string> {
  const page = parsePageUrl(input);
  if (!page.ok) return page;
  const url = new URL(page.value);
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    return fail(
      `Plain http is accepted only for this computer or a private network (localhost, 127.0.0.1, 10.x, 192.168.x, a container name…): use https://${url.host}${url.pathname === '/' ? '' : url.pathname}.`,
    );
  }
  return page;
}

/** An http(s) URL of a web page (a block explorer), without credentials; returns it without a trailing slash. */
export function parsePageUrl(input: string): Parsed<string> {
  const s = input.trim();
  if (!s) return fail('Enter a URL such as https://indexer.initia.xyz.');
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return fail(`"${s.slice(0, 100)}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return fail(`Only http and https URLs are allowed, not ${url.protocol}.`);
  if (url.username || url.password) return fail('Credentials in the URL are not allowed.');
  if (url.search || url.hash) return fail('The URL must not have a query (?…) or fragment (#…).');
  return ok(url.toString().replace(/\/+$/, ''));
}
