/**
 * Fuzz input for the stdio server: valid MCP messages of both eras and mutations of them, as
 * raw byte lines. Mutated lines draw their ids from a space (small integers, short "f-" strings
 * and odd values) that never meets the ids of the well-formed probe requests.
 */
import type { Prng } from './prng.js';

const MODERN = '2026-07-28';
const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const TOOLS = [
  'codegraph_explore', 'codegraph_node', 'codegraph_search', 'codegraph_callers', 'codegraph_callees',
  'codegraph_impact', 'codegraph_status', 'codegraph_files', 'codegraph_check', 'codegraph_export',
];
const METHODS = [
  'initialize', 'ping', 'server/discover', 'tools/list', 'tools/call', 'prompts/list', 'prompts/get',
  'resources/list', 'resources/read', 'resources/templates/list', 'resources/subscribe', 'completion/complete',
  'logging/setLevel', 'notifications/initialized', 'notifications/cancelled', 'notifications/progress',
  'notifications/roots/list_changed', 'roots/list', 'sampling/createMessage', '__proto__', 'constructor',
  'toString', 'hasOwnProperty', '', ' ', 'rpc.discover', 'tools/call/', 'TOOLS/LIST',
];
const UNICODE = [
  'héllo wörld', '日本語のクエリ', '🦀🚀👩‍👩‍👧‍👦', 'مرحبا', 'e\u0301\u0301\u0301', '\u2028\u2029', '\ufeffbom',
  '\u0000nul', '\ud800', '\udfff\ud800', 'a\u0007b\u001bc', '\u202eevil', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/-.:{}[]",\\ ';

/** Paths the fuzzer may name as projectPath. */
export interface FuzzPaths {
  readonly indexed: string;
  readonly plain: string;
}

/** Ids a mutated line may carry: never a probe id (see `probeId`). */
function fuzzId(rng: Prng): unknown {
  switch (rng.int(0, 12)) {
    case 0: return null;
    case 1: return rng.chance(0.5);
    case 2: return rng.int(-1000, 1000) + 0.5;
    case 3: return 2 ** 53 + rng.int(0, 10);
    case 4: return rng.pick([1e308, -1e308, 1e21, -(2 ** 53) - 1, 5e-324]);
    case 5: return { id: 1 };
    case 6: return [1];
    case 7: return `f-${rng.string(rng.int(0, 6), ALPHABET)}`;
    case 8: return `f-${'x'.repeat(rng.int(1_000, 50_000))}`;
    case 9: return rng.pick(UNICODE);
    case 10: return -rng.int(0, 1_000_000);
    default: return rng.int(0, 999);
  }
}

/** A JSON value of a random type, for "wrong type" mutations. */
function wrongValue(rng: Prng): unknown {
  return rng.pick<unknown>([null, true, false, 0, -1, 1.5, 1e308, '', 'str', [], [1, 'a'], {}, { a: { b: [] } }, rng.pick(UNICODE)]);
}

function modernMeta(rng: Prng): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    'io.modelcontextprotocol/protocolVersion': rng.chance(0.8) ? MODERN : rng.pick([...LEGACY, '2099-01-01', '', 42]),
    'io.modelcontextprotocol/clientCapabilities': rng.chance(0.85) ? rng.pick<unknown>([{}, { roots: {} }, { elicitation: {} }]) : wrongValue(rng),
  };
  if (rng.chance(0.5)) meta['io.modelcontextprotocol/clientInfo'] = { name: 'fuzz', version: '0' };
  if (rng.chance(0.2)) meta['io.modelcontextprotocol/logLevel'] = rng.pick(['debug', 'error', 7]);
  if (rng.chance(0.2)) meta['progressToken'] = rng.pick<unknown>([1, 'tok', null, {}]);
  if (rng.chance(0.2)) delete meta[rng.pick(Object.keys(meta))];
  return meta;
}

function toolArguments(rng: Prng, paths: FuzzPaths): unknown {
  if (rng.chance(0.05)) return wrongValue(rng);
  const args: Record<string, unknown> = {};
  if (rng.chance(0.7)) args['query'] = rng.chance(0.8) ? rng.string(rng.int(0, 30), ALPHABET) : rng.pick(UNICODE);
  if (rng.chance(0.4)) args['symbol'] = rng.chance(0.7) ? rng.string(rng.int(1, 20), ALPHABET) : wrongValue(rng);
  if (rng.chance(0.3)) args['limit'] = rng.pick<unknown>([1, 10, 0, -5, 1e9, 2.5, 'ten', null, Number.MAX_SAFE_INTEGER]);
  if (rng.chance(0.2)) args['kind'] = rng.pick<unknown>(['function', 'class', 'bogus', 3]);
  // Outside the root, control characters (escape sequences, forged lines), a link to a secret.
  if (rng.chance(0.2)) args['file'] = rng.pick<unknown>(['src/a.ts:1-2', '#L1-L2', '../../etc/passwd', '/etc/shadow', 'evil\u001b[31m.ts', 'a\nFake: line.ts', 'pkg/env_link.py', 9]);
  if (rng.chance(0.05)) args['query'] = rng.pick(['\u001b]0;owned\u0007', 'line\r\nInjected: yes', 'BEGIN RSA PRIVATE KEY']);
  if (rng.chance(0.5)) {
    args['projectPath'] = rng.pick<unknown>([paths.indexed, paths.plain, '/definitely/not/here', 'relative/dir', '', 'a\u0000b', '.', '..', 7, '/']);
  }
  return args;
}

/** A well-formed-looking MCP message of either era, from the fuzz id space. */
export function baseMessage(rng: Prng, paths: FuzzPaths): Record<string, unknown> {
  const modern = rng.chance(0.4);
  const method = rng.chance(0.9) ? rng.pick(METHODS) : rng.string(rng.int(1, 24), ALPHABET);
  let params: Record<string, unknown> = {};
  switch (method) {
    case 'initialize':
      params = {
        protocolVersion: rng.pick<unknown>([...LEGACY, MODERN, 'bogus', 5]),
        capabilities: rng.pick<unknown>([{}, { roots: {} }, { roots: { listChanged: true } }, null]),
        clientInfo: { name: 'fuzz', version: '0.0.0' },
      };
      break;
    case 'tools/call':
      params = { name: rng.chance(0.85) ? rng.pick(TOOLS) : rng.pick<unknown>(['nope', '', 42, null]), arguments: toolArguments(rng, paths) };
      break;
    case 'tools/list':
    case 'prompts/list':
    case 'resources/list':
      if (rng.chance(0.2)) params = { cursor: rng.pick<unknown>(['', 'abc', 3, null]) };
      break;
    case 'notifications/cancelled':
      params = { requestId: fuzzId(rng), reason: 'fuzz' };
      break;
    case 'notifications/progress':
      params = { progressToken: fuzzId(rng), progress: rng.int(0, 100) };
      break;
    default:
      if (rng.chance(0.3)) params = { anything: wrongValue(rng) };
  }
  if (modern) params = { ...params, _meta: modernMeta(rng) };
  const message: Record<string, unknown> = { jsonrpc: '2.0' };
  const shape = rng.int(0, 9);
  if (shape === 0) {
    // A response, as if answering a request the server sent (roots/list) or a stray one.
    message['id'] = rng.chance(0.5) ? `codegraph-roots-${rng.int(1, 3)}` : fuzzId(rng);
    if (rng.chance(0.5)) message['result'] = rng.chance(0.7) ? { roots: [{ uri: rng.pick([`file://${paths.indexed}`, 'file:///', 'not a uri', 'file://%zz']) }] } : wrongValue(rng);
    else message['error'] = rng.chance(0.7) ? { code: rng.int(-32800, -32000), message: 'client error' } : wrongValue(rng);
    return message;
  }
  if (!method.startsWith('notifications/') || shape === 1) message['id'] = rng.chance(0.8) ? rng.int(0, 999) : fuzzId(rng);
  message['method'] = method;
  if (Object.keys(params).length > 0 || rng.chance(0.5)) message['params'] = params;
  return message;
}

/** Object-level mutations: the result is serialized with JSON.stringify. */
function mutateObject(rng: Prng, message: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...message };
  switch (rng.int(0, 6)) {
    case 0: copy['id'] = fuzzId(rng); break;
    case 1: delete copy[rng.pick(Object.keys(copy))]; break;
    case 2: copy['method'] = wrongValue(rng); break;
    case 3: copy['jsonrpc'] = rng.pick<unknown>(['1.0', 2, null, '2.0 ', '2']); break;
    case 4: copy['params'] = wrongValue(rng); break;
    case 5: copy[rng.pick(['result', 'error', 'extra', '__proto__'])] = wrongValue(rng); break;
    default: copy['method'] = rng.string(rng.int(0, 40), ALPHABET);
  }
  return copy;
}

/** Text of `depth` nested arrays or objects. */
function deepText(rng: Prng, depth: number): string {
  return rng.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const BAD_BYTES: readonly (readonly number[])[] = [
  [0x80], [0xff], [0xfe], [0xc0, 0xaf], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x00], [0x01], [0x08], [0x0b], [0x0c], [0x1b], [0x7f], [0x0d], [0x0a], [0x0d, 0x0a], [0x09],
];

/** Text-level mutations on serialized JSON; may produce any bytes, including newlines. */
function mutateText(rng: Prng, text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const at = rng.int(0, bytes.length);
  switch (rng.int(0, 8)) {
    case 0: return bytes.subarray(0, at);
    case 1: return Buffer.concat([bytes.subarray(0, at), Buffer.from(rng.pick(BAD_BYTES)), bytes.subarray(at)]);
    case 2: {
      const copy = Buffer.from(bytes);
      if (copy.length > 0) copy[Math.min(at, copy.length - 1)] = rng.int(0, 255);
      return copy;
    }
    case 3: return Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + rng.int(1, 8)))]);
    case 4: {
      // Duplicate keys: the later one wins in JSON.parse; the server must still answer sanely.
      const dup = rng.pick([`"id":${JSON.stringify(fuzzId(rng))},`, '"method":"ping",', '"jsonrpc":"1.0",', '"params":[],', '"id":null,']);
      return Buffer.from(text.replace(/^\{/, `{${dup}`), 'utf8');
    }
    case 5: return Buffer.from(`${rng.pick([' ', '\t', '\ufeff', '\r'])}${text}${rng.pick([' ', '\t', '\r', ''])}`, 'utf8');
    case 6: return Buffer.from(text.replaceAll(rng.pick(['{', '[', '"', ':', ',']), rng.pick(['[', '{', "'", '=', ''])), 'utf8');
    case 7: return Buffer.from(rng.pick(['null', 'true', '1', '"str"', '[]', '{}', '[[]]', '[{}]', '-', '1e999', '"\\ud800"', '""']), 'utf8');
    default: return Buffer.from(`${text}${text}`, 'utf8');
  }
}

/** One fuzz line (including its trailing newline). */
export function fuzzLine(rng: Prng, paths: FuzzPaths): Buffer {
  const message = baseMessage(rng, paths);
  const roll = rng.int(0, 99);
  let body: Buffer;
  if (roll < 30) body = Buffer.from(JSON.stringify(message), 'utf8');
  else if (roll < 60) body = Buffer.from(JSON.stringify(mutateObject(rng, message)), 'utf8');
  else if (roll < 97) body = mutateText(rng, JSON.stringify(rng.chance(0.5) ? message : mutateObject(rng, message)));
  else {
    // Deep nesting spliced into an otherwise plausible message, at a random spot.
    const where = rng.pick(['id', 'params', 'method', 'arguments', 'meta']);
    const deep = deepText(rng, rng.int(100, 10_000));
    const id = rng.int(0, 999);
    body = Buffer.from(
      where === 'arguments'
        ? `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"codegraph_search","arguments":{"query":${deep}}}}`
        : where === 'meta'
          ? `{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"${MODERN}","io.modelcontextprotocol/clientCapabilities":${deep}}}}`
          : where === 'params'
            ? `{"jsonrpc":"2.0","id":${id},"method":"ping","params":${deep}}`
            : where === 'method'
              ? `{"jsonrpc":"2.0","id":${id},"method":${deep}}`
              : `{"jsonrpc":"2.0","id":${deep},"method":"ping"}`,
      'utf8',
    );
  }
  return Buffer.concat([body, Buffer.from(rng.chance(0.05) ? '\r\n' : '\n')]);
}

/** A line carrying a ~1 MB string somewhere a server might echo it. */
export function giantLine(rng: Prng, paths: FuzzPaths): Buffer {
  const big = rng.string(64, ALPHABET).repeat(16_384 + rng.int(0, 1_000));
  const id = rng.int(0, 999);
  const variants = [
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'codegraph_search', arguments: { query: big, projectPath: paths.plain } } },
    { jsonrpc: '2.0', id, method: big },
    { jsonrpc: '2.0', id: `f-${big}`, method: 'ping' },
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: big } },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: big } },
  ];
  return Buffer.from(`${JSON.stringify(rng.pick(variants))}\n`, 'utf8');
}

/**
 * Lines at the extremes of nesting: depth 10,000 arrays and objects in every position a server
 * reads, and one line nested 1,000,000 deep.
 */
export function extremeNestingLines(): Buffer[] {
  const arrays = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = (depth: number): string => `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
  const lines: string[] = [];
  for (const deep of [arrays(10_000), objects(10_000)]) {
    lines.push(
      deep,
      `{"jsonrpc":"2.0","id":${deep},"method":"ping"}`,
      `{"jsonrpc":"2.0","id":11,"method":"ping","params":${deep}}`,
      `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"codegraph_search","arguments":${deep}}}`,
      `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"codegraph_search","arguments":{"query":"q","projectPath":${deep}}}}`,
      `{"jsonrpc":"2.0","id":14,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":${deep},"io.modelcontextprotocol/clientCapabilities":{}}}}`,
      `{"jsonrpc":"2.0","id":15,"error":{"code":-1,"message":"m","data":${deep}}}`,
      `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${deep}}}`,
    );
  }
  lines.push(arrays(1_000_000));
  return lines.map((line) => Buffer.from(`${line}\n`, 'utf8'));
}

/** The id of the n-th probe request: a space `fuzzId` never produces. */
function probeId(n: number): string | number {
  return n % 2 === 0 ? `probe:${n}` : 7_000_000_000 + n;
}

/** A well-formed request that must be answered with a result, in either era; returns its line and id. */
export function probeRequest(rng: Prng, n: number, paths: FuzzPaths): { readonly bytes: Buffer; readonly id: string | number } {
  const id = probeId(n);
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'fuzz-probe', version: '1.0.0' },
  };
  const search = { name: 'codegraph_search', arguments: { query: 'main', projectPath: rng.pick([paths.indexed, paths.plain]) } };
  const message = rng.pick<Record<string, unknown>>([
    { jsonrpc: '2.0', id, method: 'ping' },
    { jsonrpc: '2.0', id, method: 'tools/list' },
    { jsonrpc: '2.0', id, method: 'tools/call', params: search },
    { jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: meta } },
    { jsonrpc: '2.0', id, method: 'server/discover', params: { _meta: meta } },
    { jsonrpc: '2.0', id, method: 'tools/call', params: { ...search, _meta: meta } },
  ]);
  return { bytes: Buffer.from(`${JSON.stringify(message)}\n`, 'utf8'), id };
}
