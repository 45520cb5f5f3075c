/**
 * Feeds one server process tens of thousands of fuzzed lines (both protocol eras, truncated and
 * mistyped JSON, odd ids, deep nesting, invalid UTF-8, control characters, ~1 MB strings, an
 * oversize line) interleaved with well-formed probe requests, and checks every answer against a
 * JSON-RPC oracle. Replay a failure with FUZZ_SEED=<seed>; scale with FUZZ_LINES=<count>.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LineServer } from '../support/line-server.js';
import { makeIndexedProject, makeTempDir, removeDir } from '../support/project.js';
import { extremeNestingLines, fuzzLine, giantLine, probeRequest, type FuzzPaths } from './corpus.js';
import { AnswerOracle, idKey, isId, MAX_LINE_BYTES } from './oracle.js';
import { Prng, seedFromEnv } from './prng.js';

const SEED = seedFromEnv();
const FUZZ_LINES = Number(process.env['FUZZ_LINES'] ?? 30_000);
const GIANT_LINES = 8;
const PROBE_EVERY = 5;
const EXIT_MS = 60_000;

let paths: FuzzPaths;

before(async () => {
  paths = { indexed: await makeIndexedProject('codegraph-fuzz-indexed-'), plain: await makeTempDir('codegraph-fuzz-plain-') };
});

after(async () => {
  await removeDir(paths.indexed);
  await removeDir(paths.plain);
});

/** Prefix for every assertion message, so any failure names its replay seed. */
const replay = `[replay with FUZZ_SEED=${SEED}]`;

/** One input line; probe lines carry the id they must be answered under. */
interface InputLine {
  readonly bytes: Buffer;
  readonly probeId?: string | number;
}

/** The whole input as a lazy sequence of lines, in a seed-determined order. */
function* inputLines(rng: Prng): Generator<InputLine> {
  let probes = 0;
  const giantAt = new Set<number>();
  while (giantAt.size < GIANT_LINES) giantAt.add(rng.int(0, FUZZ_LINES - 1));
  const oversizeAt = rng.int(0, FUZZ_LINES - 1);
  const extremeAt = rng.int(0, FUZZ_LINES - 1);
  for (let i = 0; i < FUZZ_LINES; i++) {
    if (i === extremeAt) for (const bytes of extremeNestingLines()) yield { bytes };
    if (giantAt.has(i)) yield { bytes: giantLine(rng, paths) };
    if (i === oversizeAt) yield { bytes: Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"${'o'.repeat(MAX_LINE_BYTES + 1024)}"}\n`) };
    yield { bytes: fuzzLine(rng, paths) };
    if (i % PROBE_EVERY === 0) {
      const probe = probeRequest(rng, probes++, paths);
      yield { bytes: probe.bytes, probeId: probe.id };
    }
  }
  // A last line without its newline: end of input must still deliver it.
  const last = probeRequest(rng, probes++, paths);
  yield { bytes: last.bytes.subarray(0, -1), probeId: last.id };
}

test(`stdio server answers every fuzzed line correctly and exits 0 (seed ${SEED})`, { timeout: 120_000 }, async (t) => {
  t.diagnostic(`FUZZ_SEED=${SEED} FUZZ_LINES=${FUZZ_LINES}`);
  const rng = new Prng(SEED);
  const oracle = new AnswerOracle();
  const probeKeys = new Set<string>();
  const server = new LineServer({ cwd: paths.plain });
  try {
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    let target = 1;
    const flush = async (): Promise<void> => {
      const bytes = Buffer.concat(chunk);
      chunk = [];
      chunkBytes = 0;
      // Mostly pipe-sized writes, sometimes tiny ones that split lines and characters.
      target = rng.chance(0.1) ? rng.int(1, 64) : rng.int(1_024, 65_536);
      oracle.push(bytes);
      await server.write(bytes);
    };
    const started = performance.now();
    for (const line of inputLines(rng)) {
      if (line.probeId !== undefined) probeKeys.add(idKey(line.probeId));
      chunk.push(line.bytes);
      chunkBytes += line.bytes.length;
      if (chunkBytes >= target) await flush();
    }
    await flush();
    oracle.end();
    const written = performance.now();

    assert.equal(server.exit, undefined, `${replay} server ended before its input did: ${JSON.stringify(server.exit)}\nstderr: ${server.stderr.slice(-2_000)}`);
    server.endInput();
    const exit = await server.waitForExit(EXIT_MS);
    t.diagnostic(`writing took ${Math.round(written - started)} ms, draining after EOF ${Math.round(performance.now() - written)} ms`);
    assert.deepEqual(exit, { code: 0, signal: null }, `${replay} exit status; stderr: ${server.stderr.slice(-2_000)}`);
    t.diagnostic(`input: ${JSON.stringify(oracle.tally)}; probes: ${probeKeys.size}; stdout lines: ${server.lines.length}`);

    assert.ok(server.stdout.length === 0 || server.stdout[server.stdout.length - 1] === 0x0a, `${replay} stdout ends mid-line`);
    const answered = new Map<string, number>();
    const probeResults = new Map<string, number>();
    let idlessErrors = 0;
    for (const [index, line] of server.lines.entries()) {
      assert.ok(line.isJson, `${replay} stdout line ${index} is not JSON: ${line.text.slice(0, 200)}`);
      const message = line.json;
      assert.ok(message !== null && typeof message === 'object' && !Array.isArray(message), `${replay} stdout line ${index} is not an object`);
      const m = message as Record<string, unknown>;
      assert.equal(m['jsonrpc'], '2.0', `${replay} stdout line ${index} jsonrpc`);
      if ('method' in m) {
        // A notification, or the server's own roots/list request (legacy clients that offer roots).
        assert.equal(typeof m['method'], 'string', `${replay} stdout line ${index} method`);
        assert.ok(!('result' in m) && !('error' in m), `${replay} stdout line ${index} mixes method and result/error`);
        if ('id' in m) assert.equal(m['method'], 'roots/list', `${replay} stdout line ${index}: unexpected server request`);
        continue;
      }
      assert.ok(('result' in m) !== ('error' in m), `${replay} stdout line ${index} must have exactly one of result/error: ${line.text.slice(0, 200)}`);
      if ('error' in m) {
        const error = m['error'] as Record<string, unknown>;
        assert.ok(Number.isSafeInteger(error['code']) && typeof error['message'] === 'string', `${replay} stdout line ${index} error shape`);
      }
      if (!('id' in m)) {
        assert.ok('error' in m, `${replay} stdout line ${index}: a result without an id answers nothing`);
        const code = (m['error'] as Record<string, unknown>)['code'];
        assert.ok(code === -32700 || code === -32600, `${replay} stdout line ${index}: id-less error code ${String(code)}`);
        idlessErrors++;
        continue;
      }
      const id = m['id'];
      assert.ok(isId(id), `${replay} stdout line ${index}: id ${JSON.stringify(id)} is not a string or safe integer`);
      const key = idKey(id);
      answered.set(key, (answered.get(key) ?? 0) + 1);
      if (probeKeys.has(key)) {
        assert.ok('result' in m, `${replay} probe ${key} was answered with an error: ${line.text.slice(0, 300)}`);
        probeResults.set(key, (probeResults.get(key) ?? 0) + 1);
      }
    }

    assert.equal(idlessErrors, oracle.idless, `${replay} id-less errors (parse errors, batches, unreadable ids, oversize lines)`);
    for (const key of probeKeys) assert.equal(probeResults.get(key), 1, `${replay} probe ${key} must get exactly one response`);
    const keys = new Set([...answered.keys(), ...oracle.requests.keys(), ...oracle.invalidWithId.keys()]);
    for (const key of keys) {
      const got = answered.get(key) ?? 0;
      const invalid = oracle.invalidWithId.get(key) ?? 0;
      const requests = oracle.requests.get(key) ?? 0;
      if (oracle.cancelled.has(key)) {
        // A cancel may suppress any of that id's requests; invalid messages are answered regardless.
        assert.ok(got >= invalid && got <= invalid + requests, `${replay} id ${key}: ${got} responses for ${requests} requests (cancelled) + ${invalid} invalid`);
      } else {
        assert.equal(got, invalid + requests, `${replay} id ${key}: responses vs ${requests} requests + ${invalid} invalid messages`);
      }
    }
  } finally {
    await server.close();
  }
});
