/**
 * Listening addresses of the HTTP transport: `HOST:PORT` as typed on the command line, and which
 * hosts count as loopback (the only ones served without `--http-allow-remote`).
 */

/** A parsed `HOST:PORT`; `host` has no brackets, even for IPv6. */
export interface HttpAddress {
  readonly host: string;
  readonly port: number;
}

/** Where `serve --http` listens unless `--http-addr` says otherwise. */
export const DEFAULT_HTTP_ADDRESS = '127.0.0.1:8111';

/** The one path that speaks MCP. */
export const MCP_PATH = '/mcp';

/** Outcome of parsing an address: the address, or what is wrong with the text. */
export type ParsedAddress = { readonly kind: 'ok'; readonly address: HttpAddress } | { readonly kind: 'invalid'; readonly message: string };

/**
 * Parses `HOST:PORT`, `[IPv6]:PORT` or a bare `PORT` (meaning 127.0.0.1). Port 0 asks the system
 * for a free port. Never throws.
 */
export function parseHttpAddress(text: string): ParsedAddress {
  const trimmed = text.trim();
  const invalid = (why: string): ParsedAddress => ({ kind: 'invalid', message: `--http-addr ${JSON.stringify(text)}: ${why} (expected HOST:PORT, e.g. ${DEFAULT_HTTP_ADDRESS})` });
  let host: string;
  let portText: string;
  if (/^\d+$/.test(trimmed)) {
    host = '127.0.0.1';
    portText = trimmed;
  } else if (trimmed.startsWith('[')) {
    const close = trimmed.indexOf(']');
    if (close < 0 || trimmed[close + 1] !== ':') return invalid('an IPv6 host needs brackets and a port, as in [::1]:8111');
    host = trimmed.slice(1, close);
    portText = trimmed.slice(close + 2);
  } else {
    const colon = trimmed.lastIndexOf(':');
    if (colon <= 0) return invalid('a host and a port are needed');
    host = trimmed.slice(0, colon);
    portText = trimmed.slice(colon + 1);
    if (host.includes(':')) return invalid('write an IPv6 host in brackets, as in [::1]:8111');
  }
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) return invalid('the port must be a number from 0 to 65535');
  if (host === '' || /[\s/?#@]/.test(host)) return invalid('the host is not a host name or an IP address');
  return { kind: 'ok', address: { host: host.toLowerCase(), port: Number(portText) } };
}

/** `HOST:PORT` with brackets around an IPv6 host, as a URL or `--http-addr` writes it. */
export function formatHttpAddress(address: HttpAddress): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

/** The MCP endpoint's URL for a listening address. */
export function mcpUrl(address: HttpAddress): string {
  return `http://${formatHttpAddress(address)}${MCP_PATH}`;
}

/** Whether `host` (a name or an IP, without brackets or port) is this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (h.startsWith('::ffff:')) return isLoopbackHost(h.slice('::ffff:'.length));
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Splits a `Host` header value (`name`, `name:port`, `[v6]`, `[v6]:port`) into its host name,
 * lowercased and without brackets; undefined when the value is not of that form.
 */
export function hostOfHeader(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) {
    const close = v.indexOf(']');
    if (close < 0) return undefined;
    const rest = v.slice(close + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    return v.slice(1, close);
  }
  const colon = v.indexOf(':');
  const name = colon < 0 ? v : v.slice(0, colon);
  if (colon >= 0 && !/^\d{1,5}$/.test(v.slice(colon + 1))) return undefined;
  if (name === '' || /[^a-z0-9.\-_]/.test(name)) return undefined;
  return name;
}
