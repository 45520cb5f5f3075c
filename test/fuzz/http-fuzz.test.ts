/**
 * Seeded fuzzing of `serve --http` over loopback: fuzzed JSON-RPC bodies of both eras inside
 * fuzzed HTTP (wrong methods and paths, foreign hosts and origins, bad content types, SEP-2243
 * headers that lie or do not decode, bodies over the cap, truncated and mis-framed bodies,
 * invalid UTF-8, slow senders). Every answer must be one well-formed HTTP response whose body is
 * a JSON-RPC message (or an event stream of them, or empty where the status says so), and the
 * server must keep answering and exit 0 at the end. Replay with FUZZ_SEED=<seed>; scale with
 * FUZZ_HTTP_CASES=<count>. Bounded in count and time; loopback only.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isRunning, spawnHttpServer, type SpawnedHttpServer } from '../support/http-server.js';
import { makeIndexedProject, makeTempDir, removeDir } from '../support/project.js';
import { fuzzLine, probeRequest, type FuzzPaths } from './corpus.js';
import { exchange, parseResponse, type RawExchange } from './http-wire.js';
import { Prng, seedFromEnv } from './prng.js';

const SEED = seedFromEnv();
const CASES = Number(process.env['FUZZ_HTTP_CASES'] ?? 1_000);
const CONCURRENCY = 8;
const DEADLINE_MS = 90_000;
const replay = `[replay with FUZZ_SEED=${SEED}]`;
const STATUSES = new Set([200, 202, 204, 400, 403, 404, 405, 408, 413, 415, 429, 500]);

let paths: FuzzPaths;
let stateDir: string;
let server: SpawnedHttpServer;
let port: number;

before(async () => {
  paths = { indexed: await makeIndexedProject('codegraph-httpfuzz-indexed-'), plain: await makeTempDir('codegraph-httpfuzz-plain-') };
  stateDir = await makeTempDir('codegraph-httpfuzz-state-');
  server = await spawnHttpServer([], { stateDir });
  port = Number(new URL(server.url).port);
});

after(async () => {
  if (isRunning(server.pid)) await server.stop();
  for (const dir of [paths.indexed, paths.plain, stateDir]) await removeDir(dir);
});

/** The JSON-RPC body of one case: fuzzed, a probe, invalid UTF-8, empty, or past the cap. */
function body(rng: Prng): Buffer {
  const roll = rng.int(0, 99);
  if (roll < 70) return fuzzLine(rng, paths).subarray(0, rng.chance(0.9) ? -1 : undefined);
  if (roll < 85) return probeRequest(rng, rng.int(0, 1000), paths).bytes;
  if (roll < 92) return Buffer.from(Array.from({ length: rng.int(1, 64) }, () => rng.int(0x80, 0xff)));
  if (roll < 97) return Buffer.alloc(0);
  return Buffer.alloc(4 * 1024 * 1024 + rng.int(1, 4096), 0x20);
}

/** Headers of one case, mostly plausible, sometimes lying or malformed. */
function headers(rng: Prng, payload: Buffer): string[] {
  const lines: string[] = [];
  const host = rng.chance(0.9) ? `127.0.0.1:${port}` : rng.pick(['evil.example', `localhost:${port}`, '[::1]', '', 'a b', 'evil.example:80']);
  if (rng.chance(0.97)) lines.push(`Host: ${host}`);
  if (rng.chance(0.9)) lines.push(`Content-Type: ${rng.chance(0.9) ? rng.pick(['application/json', 'Application/JSON; charset=utf-8']) : rng.pick(['text/plain', '', 'application/jsonx', '*/*'])}`);
  if (rng.chance(0.8)) lines.push(`Accept: ${rng.pick(['application/json, text/event-stream', 'application/json', 'text/event-stream', '*/*'])}`);
  if (rng.chance(0.1)) lines.push(`Origin: ${rng.pick(['http://localhost:3000', 'https://evil.example', 'null', 'nonsense'])}`);
  const text = payload.toString('latin1');
  const method = /"method":"([^"]*)"/.exec(text)?.[1];
  const version = /"io\.modelcontextprotocol\/protocolVersion":"([^"]*)"/.exec(text)?.[1];
  if (version !== undefined && rng.chance(0.8)) lines.push(`MCP-Protocol-Version: ${rng.chance(0.8) ? version : rng.pick(['2025-11-25', '=?base64?MjAyNi0wNy0yOA==?=', '=?base64?!!?=', 'x'])}`);
  else if (rng.chance(0.3)) lines.push(`MCP-Protocol-Version: ${rng.pick(['2025-11-25', '2025-03-26', '2026-07-28', 'bogus', ''])}`);
  if (method !== undefined && rng.chance(0.7)) lines.push(`Mcp-Method: ${rng.chance(0.8) ? method : method.toUpperCase()}`);
  const name = /"name":"([^"]*)"/.exec(text)?.[1];
  if (name !== undefined && rng.chance(0.6)) lines.push(`Mcp-Name: ${rng.pick([name, ` ${name} `, `=?base64?${Buffer.from(name).toString('base64')}?=`, 'wrong'])}`);
  if (rng.chance(0.02)) lines.push(`X-Big: ${'x'.repeat(rng.int(1_000, 20_000))}`);
  if (rng.chance(0.01)) lines.push('Bad Header Without Colon');
  return lines;
}

/** One fuzzed exchange: request line, headers and body, framed correctly or not, fast or slow. */
function fuzzCase(rng: Prng): RawExchange {
  const method = rng.chance(0.85) ? 'POST' : rng.pick(['GET', 'DELETE', 'PUT', 'OPTIONS', 'PATCH', 'HEAD', 'BREW']);
  const path = rng.chance(0.92) ? '/mcp' : rng.pick(['/', '/mcp/', '/MCP', '/mcp?x=1', '/%00', '/../mcp', '*']);
  const payload = body(rng);
  const lines = [`${method} ${path} HTTP/1.1`, ...headers(rng, payload), 'Connection: close'];
  const framing = rng.int(0, 99);
  let bodyBytes = payload;
  let endAfter = false;
  if (framing < 85) lines.push(`Content-Length: ${payload.length}`);
  else if (framing < 90) {
    lines.push('Transfer-Encoding: chunked');
    bodyBytes = Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from(payload.length > 0 ? '\r\n0\r\n\r\n' : '\r\n')]);
  } else if (framing < 96) {
    // Declares more than it sends, then stops: a truncated body.
    lines.push(`Content-Length: ${payload.length + rng.int(1, 100)}`);
    endAfter = true;
  } else lines.push(`Content-Length: ${Math.max(0, payload.length - rng.int(1, 10))}`);
  const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bodyBytes]);
  if (rng.chance(0.02)) {
    const pieces: Buffer[] = [];
    const size = Math.max(1, Math.ceil(bytes.length / rng.int(2, 6)));
    for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
    return { pieces, pauseMs: rng.int(20, 120), endAfter };
  }
  return { pieces: [bytes], pauseMs: 0, endAfter };
}

/** Problems with the answers on one connection (one per request the bytes held); empty when all are well-formed. */
function judge(bytes: Buffer, head: boolean): string[] {
  const problems: string[] = [];
  let left = bytes;
  while (left.length > 0 && problems.length === 0) {
    const response = parseResponse(left, head);
    if (response.kind === 'malformed') return [`malformed HTTP: ${response.reason}`];
    problems.push(...judgeOne(response.status, response.headers, response.body));
    left = response.rest;
  }
  return problems;
}

function judgeOne(status: number, headers: ReadonlyMap<string, string>, body: Buffer): string[] {
  if (!STATUSES.has(status)) return [`unexpected status ${status}`];
  if (headers.has('mcp-session-id')) return ['an answer carried Mcp-Session-Id'];
  const type = headers.get('content-type');
  if (body.length === 0) return type === undefined || status >= 400 ? [] : [`an empty ${type} body with ${status}`];
  const messages = type === 'text/event-stream' ? eventData(body.toString('utf8')) : type === 'application/json' ? [body.toString('utf8')] : undefined;
  if (messages === undefined) return [`a body of type ${String(type)}`];
  return messages.flatMap((text) => jsonRpcProblems(text));
}

function eventData(text: string): string[] {
  return text.split('\n\n').filter((e) => e !== '').map((e) => (e.startsWith('event: message\ndata: ') ? e.slice('event: message\ndata: '.length) : `not an event: ${e}`));
}

function jsonRpcProblems(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [`a body that is not JSON: ${text.slice(0, 120)}`];
  }
  const m = value as Record<string, unknown>;
  if (m === null || typeof m !== 'object' || m['jsonrpc'] !== '2.0') return [`not JSON-RPC 2.0: ${text.slice(0, 120)}`];
  if ('method' in m) return m['method'] === 'notifications/progress' ? [] : [`an unexpected message ${text.slice(0, 120)}`];
  if (('result' in m) === ('error' in m)) return [`neither result nor error, or both: ${text.slice(0, 120)}`];
  if ('id' in m && typeof m['id'] !== 'string' && !Number.isSafeInteger(m['id'])) return [`a bad id: ${text.slice(0, 120)}`];
  const error = m['error'] as { code?: unknown; message?: unknown } | undefined;
  if (error !== undefined && (!Number.isSafeInteger(error.code) || typeof error.message !== 'string')) return [`a bad error: ${text.slice(0, 120)}`];
  return [];
}

test(`fuzzed HTTP exchanges get well-formed answers and never stop the server ${replay}`, { timeout: DEADLINE_MS + 60_000 }, async () => {
  const rng = new Prng(SEED);
  const cases = Array.from({ length: CASES }, () => fuzzCase(rng));
  const problems: string[] = [];
  const deadline = Date.now() + DEADLINE_MS;
  let next = 0;
  let answered = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length && Date.now() < deadline && problems.length < 20) {
      const index = next++;
      const ex = cases[index];
      if (ex === undefined) return;
      const { bytes, timedOut } = await exchange(port, ex, 15_000);
      if (timedOut) problems.push(`case ${index}: no answer and no close within 15 s`);
      if (bytes.length > 0) answered++;
      for (const p of judge(bytes, ex.pieces[0]?.subarray(0, 5).toString('latin1') === 'HEAD ')) problems.push(`case ${index}: ${p}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  process.stdout.write(`# http fuzz: seed ${SEED}, ${next} cases sent, ${answered} answered\n`);
  assert.deepEqual(problems, [], replay);
  assert.ok(next === cases.length, `${replay} only ${next} of ${cases.length} cases ran within ${DEADLINE_MS} ms`);
  const probe = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":"after","method":"ping"}' });
  assert.equal(await probe.text(), '{"jsonrpc":"2.0","id":"after","result":{}}', replay);
  assert.equal(await server.stop(), 0, `${replay} exit code; stderr: ${server.stderr().slice(-2000)}`);
  assert.equal(isRunning(server.pid), false);
});
