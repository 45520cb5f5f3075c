/**
 * Seeded fuzzing of the view's API as `serve --http --path` mounts it: fuzzed methods, paths
 * (dot segments, escapes, unknown endpoints), query strings (ids, paths outside the root, search
 * filters, open folders) and Host/Origin headers. Every answer must be one well-formed HTTP
 * response with an expected status and, for JSON, a JSON object (`error` a string on refusals);
 * no answer is a 500; a foreign Origin is always 403 and a non-GET always 405. The server must
 * keep answering and exit 0. Replay with FUZZ_SEED=<seed>; scale with FUZZ_VIEW_CASES=<count>.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fixtureProject, type FixtureProject } from '../support/fixture-project.js';
import { isRunning, spawnHttpServer, type SpawnedHttpServer } from '../support/http-server.js';
import { makeTempDir, removeDir } from '../support/project.js';
import { exchange, parseResponse, type RawExchange } from './http-wire.js';
import { Prng, seedFromEnv } from './prng.js';

const SEED = seedFromEnv();
const CASES = Number(process.env['FUZZ_VIEW_CASES'] ?? 600);
const CONCURRENCY = 8;
const DEADLINE_MS = 60_000;
const replay = `[replay with FUZZ_SEED=${SEED}]`;
const STATUSES = new Set([200, 302, 400, 403, 404, 405]);

let project: FixtureProject;
let stateDir: string;
let server: SpawnedHttpServer;
let port: number;

before(async () => {
  project = await fixtureProject('shop', import.meta.url);
  stateDir = await makeTempDir('codegraph-viewfuzz-state-');
  server = await spawnHttpServer(['--path', project.root], { stateDir });
  port = Number(new URL(server.url).port);
});

after(async () => {
  if (isRunning(server.pid)) await server.stop();
  project.cleanup();
  await removeDir(stateDir);
});

const ENDPOINTS = ['', 'index.html', 'app.js', 'view.css', 'api/map', 'api/search', 'api/symbol', 'api/source', 'api/impact', 'api/nothing', 'api', 'app.js/x'];
const VALUES = [
  '1', '0', '-1', '999999999', '1e3', 'abc', '', 'src/cart.ts', '../../etc/passwd', '/etc/passwd', '..%2F..%2Fetc', 'src/../../x', '%00', 'C:\\Windows',
  'checkout', 'kind:method cart', 'lang:python order', 'path:src total', 'kind:', '"', '%E2%82%AC', '%FF', 'src', 'src/db', 'x'.repeat(300),
];

/** A path under /view, sometimes mangled. */
function path(rng: Prng): string {
  const base = `/view/${rng.pick(ENDPOINTS)}`;
  const roll = rng.int(0, 99);
  if (roll < 70) return base;
  if (roll < 80) return base.replace('/view/', rng.pick(['/view/../', '/view/./', '/view//', '/view/%2e%2e/', '/VIEW/', '/view%2F']));
  if (roll < 90) return `${base}${rng.pick(['/', '/..', '%00', '%', '\\..'])}`;
  return rng.pick(['/view', '/view/', '/view/api/events/x', '/viewer', '/view/api/map/../../mcp']);
}

function query(rng: Prng): string {
  if (rng.chance(0.2)) return '';
  const names = ['id', 'q', 'path', 'file', 'open', 'limit', 'depth', 'x'];
  const parts = Array.from({ length: rng.int(1, 4) }, () => `${rng.pick(names)}=${encodeURIComponent(rng.pick(VALUES)).replace(/%25/g, rng.chance(0.5) ? '%' : '%25')}`);
  return `?${parts.join('&')}`;
}

interface ViewCase {
  readonly exchange: RawExchange;
  readonly method: string;
  readonly foreign: boolean;
  /** The path is the view's (the mount's prefix), so the view itself answers after the Origin check. */
  readonly mounted: boolean;
}

function fuzzCase(rng: Prng): ViewCase {
  const method = rng.chance(0.8) ? 'GET' : rng.pick(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'BREW']);
  const foreignOrigin = rng.chance(0.1);
  const target = path(rng);
  const lines = [`${method} ${target}${query(rng)} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  if (foreignOrigin) lines.push(`Origin: ${rng.pick(['https://evil.example', 'http://localhost:1', 'null'])}`);
  else if (rng.chance(0.1)) lines.push(`Origin: http://127.0.0.1:${port}`);
  const body = method !== 'GET' && rng.chance(0.5) ? Buffer.from('{"x":1}') : Buffer.alloc(0);
  lines.push(`Content-Length: ${body.length}`, 'Connection: close');
  return { exchange: { pieces: [Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body])], pauseMs: 0, endAfter: false }, method, foreign: foreignOrigin, mounted: target === '/view' || target.startsWith('/view/') };
}

function judge(c: ViewCase, bytes: Buffer): string[] {
  const response = parseResponse(bytes, c.method === 'HEAD');
  if (response.kind === 'malformed') return [`malformed HTTP: ${response.reason}`];
  const { status, headers, body } = response;
  if (!STATUSES.has(status)) return [`unexpected status ${status}: ${body.toString('utf8').slice(0, 200)}`];
  // Node's parser refuses a method it does not know (BREW) with 400 before any handler runs.
  if (c.method === 'BREW') return status === 400 ? [] : [`BREW got ${status}`];
  if (c.foreign && status !== 403) return [`a foreign Origin got ${status}`];
  const refused = 405;
  if (!c.foreign && c.mounted && c.method !== 'GET' && status !== refused) return [`${c.method} got ${status}`];
  if (c.method === 'HEAD') return [];
  const type = headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) return status === 200 || status === 302 ? [] : [`a ${status} of type ${type}`];
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return [`a body that is not JSON: ${body.toString('utf8').slice(0, 120)}`];
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['a JSON body that is not an object'];
  // The view answers `{error: "…"}`; the MCP endpoint's own refusals (a foreign Origin, a path
  // that is not the view's) are JSON-RPC errors.
  const error = (value as { error?: unknown }).error;
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | undefined)?.message;
  if (status >= 400 && typeof message !== 'string') return [`a ${status} without an error message`];
  return [];
}

test(`fuzzed view requests get well-formed, read-only answers and never stop the server ${replay}`, { timeout: DEADLINE_MS + 60_000 }, async () => {
  const rng = new Prng(SEED);
  const cases = Array.from({ length: CASES }, () => fuzzCase(rng));
  const problems: string[] = [];
  const deadline = Date.now() + DEADLINE_MS;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length && Date.now() < deadline && problems.length < 20) {
      const index = next++;
      const c = cases[index];
      if (c === undefined) return;
      const { bytes, timedOut } = await exchange(port, c.exchange, 15_000);
      if (timedOut) problems.push(`case ${index}: no answer and no close within 15 s`);
      for (const p of judge(c, bytes)) problems.push(`case ${index} (${c.exchange.pieces[0]?.toString('latin1').split('\r\n')[0] ?? ''}): ${p}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  process.stdout.write(`# view fuzz: seed ${SEED}, ${next} cases sent\n`);
  assert.deepEqual(problems, [], replay);
  assert.equal(next, cases.length, `${replay} only ${next} of ${cases.length} cases ran within ${DEADLINE_MS} ms`);
  const probe = await fetch(`${server.url.replace(/\/mcp$/, '')}/view/api/search?q=checkout`);
  assert.equal(probe.status, 200, replay);
  assert.equal(await server.stop(), 0, `${replay} exit code; stderr: ${server.stderr().slice(-2000)}`);
  assert.equal(isRunning(server.pid), false);
});
