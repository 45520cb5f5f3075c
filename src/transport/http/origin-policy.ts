/**
 * Protection against DNS rebinding: a web page must not be able to reach this server through a
 * name that resolves to it. Loopback names are always accepted; anything else only when listed.
 */
import { hostOfHeader, isLoopbackHost } from './address.js';

/** Which `Host` and `Origin` values a server accepts besides loopback ones. */
export interface OriginPolicy {
  /** Extra host names (lowercase, no port) accepted in `Host`. */
  readonly allowedHosts: ReadonlySet<string>;
  /** Extra origins (`scheme://host[:port]`, lowercase) accepted in `Origin`. */
  readonly allowedOrigins: ReadonlySet<string>;
}

/** The policy of a loopback-only server: loopback names only. */
export const LOOPBACK_ONLY: OriginPolicy = { allowedHosts: new Set(), allowedOrigins: new Set() };

/** Verdict on one request's `Host` and `Origin`. */
export type OriginVerdict = { readonly kind: 'ok' } | { readonly kind: 'forbidden'; readonly reason: string };

/**
 * Accepts a request whose `Host` names loopback exactly (`localhost`, `127.0.0.0/8`, `[::1]`; not a
 * `*.localhost` name) or an allowed host, and whose `Origin`, when present, is an `http`/`https`
 * loopback origin on this server's own port (`serverPort`) or a listed origin. Browsers always
 * send `Origin` on a cross-site POST, so a page served from elsewhere, another local server's
 * page included, is refused even when it reached us by a rebound name.
 */
export function checkOrigin(host: string | undefined, origin: string | undefined, policy: OriginPolicy, serverPort?: number): OriginVerdict {
  const name = host === undefined ? undefined : hostOfHeader(host);
  if (name === undefined) return { kind: 'forbidden', reason: 'Forbidden: the Host header is missing or malformed' };
  if (!isLoopbackName(name) && !policy.allowedHosts.has(name)) {
    return { kind: 'forbidden', reason: `Forbidden: Host ${JSON.stringify(host)} is not served here (DNS rebinding protection)` };
  }
  if (origin === undefined) return { kind: 'ok' };
  let url: URL;
  try {
    url = new URL(origin.trim());
  } catch {
    return { kind: 'forbidden', reason: `Forbidden: Origin ${JSON.stringify(origin)} is not an origin` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'forbidden', reason: `Forbidden: Origin ${JSON.stringify(origin)} is not allowed (only http and https origins are)` };
  if (policy.allowedOrigins.has(url.origin.toLowerCase())) return { kind: 'ok' };
  const originHost = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isLoopbackName(originHost) && (serverPort === undefined || portOf(url) === serverPort)) return { kind: 'ok' };
  return { kind: 'forbidden', reason: `Forbidden: Origin ${JSON.stringify(origin)} is not allowed (DNS rebinding protection: only the origin of this server and --http-allowed-origins are)` };
}

/** A loopback name as a header may carry it: `*.localhost` names any local site, so it is not one. */
function isLoopbackName(name: string): boolean {
  return isLoopbackHost(name) && !name.endsWith('.localhost');
}

/** The origin's port, the scheme's default when it names none. */
function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
