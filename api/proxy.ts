// Which proxy (if any) a request goes through, and whether a URL may carry a token at all.
// Selection follows the common HTTPS_PROXY / HTTP_PROXY / NO_PROXY convention; an explicit proxy
// (VS Code's http.proxy) replaces the environment's proxy but NO_PROXY still applies.
import { apiText, englishOf, type ApiText } from './apiText';

export interface ProxyOptions {
  /** An explicit proxy URL; overrides HTTPS_PROXY/HTTP_PROXY. */
  url?: string;
  /** Verify TLS certificates of the service and the proxy (default true). */
  strictSSL?: boolean;
  /** Hosts that bypass the proxy (comma-separated); defaults to NO_PROXY from `env`. */
  noProxy?: string;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The loopback hosts a token may reach over plain HTTP: exactly 127.0.0.1, localhost and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || host === '127.0.0.1';
}

/** Undefined when `url` may carry a token; otherwise why it may not. */
export function insecureReason(url: URL): string | undefined {
  const reason = insecureReasonText(url);
  return reason && englishOf(reason);
}

/** {@link insecureReason} as a text to translate. */
export function insecureReasonText(url: URL): ApiText | undefined {
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return apiText('unsupported protocol {0}', url.protocol);
  return isLoopbackHost(url.hostname)
    ? undefined
    : apiText(
        'refusing to send a token over plain HTTP to {0}; use https:// (plain HTTP is allowed only to 127.0.0.1, localhost and ::1)',
        url.host,
      );
}

function env(options: ProxyOptions, ...names: string[]): string | undefined {
  const source = options.env ?? process.env;
  for (const name of names) {
    const value = source[name] ?? source[name.toLowerCase()];
    if (value) return value;
  }
  return undefined;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** True when NO_PROXY lists this URL's host (exact, domain suffix, host:port, or `*`). */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || defaultPort(url.protocol);
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const m = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase().replace(/^\[|\]$/g, ''));
      const name = (m?.[1] ?? '').replace(/^\*?\./, '');
      if (m?.[2] && m[2] !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}

/**
 * The proxy URL for a request to `url`, or undefined to connect directly. A plain-HTTP request to
 * loopback goes through a proxy only if that proxy is itself on loopback, so a token never
 * travels in clear text off the machine.
 */
export function proxyFor(url: URL, options: ProxyOptions): string | undefined {
  const proxy =
    options.url ??
    (url.protocol === 'https:' ? env(options, 'HTTPS_PROXY', 'HTTP_PROXY') : env(options, 'HTTP_PROXY'));
  if (!proxy) return undefined;
  if (bypassesProxy(url, options.noProxy ?? env(options, 'NO_PROXY'))) return undefined;
  if (url.protocol === 'http:' && !isLoopbackHost(new URL(proxy).hostname)) return undefined;
  return proxy;
}
