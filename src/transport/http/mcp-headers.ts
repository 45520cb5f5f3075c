/**
 * The standard MCP request headers of SEP-2243: a modern request repeats its protocol version,
 * method and target name in headers, so intermediaries can route it without reading the body.
 * The server checks that headers and body agree before serving anything.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Header names, lowercase as Node presents them. */
export const MCP_HEADER = {
  protocolVersion: 'mcp-protocol-version',
  method: 'mcp-method',
  name: 'mcp-name',
} as const;

/** A decoded header value, or why it cannot be decoded. */
export type HeaderValue = { readonly kind: 'ok'; readonly value: string } | { readonly kind: 'invalid'; readonly reason: string };

const BASE64_WRAPPED = /^=\?base64\?(.*)\?=$/i;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes one header value: surrounding whitespace is not part of it (RFC 9110 §5.5), and the
 * `=?base64?…?=` form carries UTF-8 text that a header could not; a value not wrapped exactly so
 * is literal. Invalid Base64 (bad characters or padding) or invalid UTF-8 inside is `invalid`.
 */
export function decodeHeaderValue(raw: string): HeaderValue {
  const value = raw.trim();
  const wrapped = BASE64_WRAPPED.exec(value);
  if (wrapped === null) return { kind: 'ok', value };
  const body = wrapped[1] ?? '';
  if (body.length % 4 !== 0 || !BASE64_BODY.test(body)) return { kind: 'invalid', reason: 'is not valid Base64' };
  try {
    return { kind: 'ok', value: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(body, 'base64')) };
  } catch {
    return { kind: 'invalid', reason: 'does not decode to UTF-8 text' };
  }
}

/** What the body says that the headers must repeat. */
export interface HeaderExpectation {
  readonly protocolVersion: string;
  readonly method: string;
  /** `params.name` (tools/call, prompts/get) or `params.uri` (resources/read); undefined for others. */
  readonly name: string | undefined;
}

/** Headers agree with the body, or the first disagreement, worded for the error message. */
export type HeaderVerdict = { readonly kind: 'ok' } | { readonly kind: 'mismatch'; readonly message: string };

/** The value a request's `Mcp-Name` must carry, if its method names a target. */
export function expectedName(method: string, params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const key = method === 'tools/call' || method === 'prompts/get' ? 'name' : method === 'resources/read' ? 'uri' : undefined;
  if (key === undefined) return undefined;
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks `MCP-Protocol-Version`, `Mcp-Method` and (when the method names a target) `Mcp-Name`
 * against the body, in that order. Names are case-insensitive (Node lowercases them); values are
 * compared exactly after decoding. A missing header is a mismatch.
 */
export function checkStandardHeaders(headers: IncomingHttpHeaders, expected: HeaderExpectation): HeaderVerdict {
  const pairs: ReadonlyArray<readonly [string, string, string | undefined]> = [
    ['MCP-Protocol-Version', MCP_HEADER.protocolVersion, expected.protocolVersion],
    ['Mcp-Method', MCP_HEADER.method, expected.method],
    ['Mcp-Name', MCP_HEADER.name, expected.name],
  ];
  for (const [label, key, want] of pairs) {
    if (want === undefined) continue;
    const raw = headers[key];
    if (raw === undefined) return { kind: 'mismatch', message: `Header mismatch: the ${label} header is missing (the body says ${JSON.stringify(want)})` };
    const decoded = decodeHeaderValue(Array.isArray(raw) ? raw.join(', ') : raw);
    if (decoded.kind === 'invalid') return { kind: 'mismatch', message: `Header mismatch: the ${label} header ${decoded.reason}` };
    if (decoded.value !== want) {
      return { kind: 'mismatch', message: `Header mismatch: the ${label} header is ${JSON.stringify(decoded.value)} but the body says ${JSON.stringify(want)}` };
    }
  }
  return { kind: 'ok' };
}

/** The `MCP-Protocol-Version` header, decoded; undefined when the request has none. */
export function protocolVersionHeader(headers: IncomingHttpHeaders): HeaderValue | undefined {
  const raw = headers[MCP_HEADER.protocolVersion];
  if (raw === undefined) return undefined;
  return decodeHeaderValue(Array.isArray(raw) ? raw.join(', ') : raw);
}
