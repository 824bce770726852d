/** Proxies as the settings and the environment name them: which hosts bypass one, and how one is shown. */

export interface ProxyConfig {
  /** The proxy's URL (http or https), possibly with user:pass@ (sent as Basic authorization). */
  url: string;
  /** Hosts reached directly (`no_proxy` syntax: names, `.suffix`, `*.suffix`, `host:port`, `*` for all). */
  noProxy?: readonly string[];
  /** Sent as `Proxy-Authorization` (VS Code's `http.proxyAuthorization`). */
  authorization?: string;
  /** Verify the proxy's own certificate (VS Code's `http.proxyStrictSSL`). */
  strictSSL?: boolean;
}

/** Whether `noProxy` says to reach host:port directly (the usual `no_proxy` rules). */
export function bypassesProxy(hostname: string, port: string, noProxy: readonly string[] = []): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  for (const raw of noProxy) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const m = /^(.*?)(?::(\d+))?$/.exec(entry)!;
    const pattern = m[1]!.replace(/^\[|\]$/g, '');
    if (m[2] && m[2] !== port) continue;
    if (pattern.startsWith('*.') || pattern.startsWith('.')) {
      const suffix = pattern.replace(/^\*/, '');
      if (host.endsWith(suffix) || host === suffix.slice(1)) return true;
    } else if (host === pattern || host.endsWith(`.${pattern}`)) return true;
  }
  return false;
}

/** A proxy URL without its credentials, for messages and the log. */
export function redactProxy(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '(an unreadable proxy URL)';
  }
}
