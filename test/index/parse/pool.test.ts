import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParsePool } from '../../../src/index/parse/pool.js';
import type { ParseJob, ParseResult } from '../../../src/index/parse/pool.js';

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'codegraph-pool-'));
  writeFileSync(join(dir, 'good.ts'), 'export function hello(): string { return "hi"; }\n');
  writeFileSync(join(dir, 'broken.py'), 'def ok():\n    pass\n\ndef broken(:\n');
  writeFileSync(join(dir, 'blob.py'), Buffer.from([0x70, 0x72, 0x00, 0x01, 0x02]));
  // BOM plus an invalid byte: must decode leniently, not fail.
  writeFileSync(join(dir, 'latin.py'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('X = "caf'), Buffer.from([0xe9]), Buffer.from('"\n')]));
  for (let i = 0; i < 40; i++) writeFileSync(join(dir, `m${i}.go`), `package m\nfunc F${i}() {}\n`);
});
after(() => rmSync(dir, { recursive: true, force: true }));

function job(name: string, language: string): ParseJob {
  return { absPath: join(dir, name), path: name, language };
}

async function runAll(jobs: ParseJob[]): Promise<Map<string, ParseResult>> {
  const pool = createParsePool({ size: 2, batchSize: 4 });
  const results = new Map<string, ParseResult>();
  try {
    await pool.run(jobs, (r) => results.set(r.path, r));
  } finally {
    await pool.close();
  }
  return results;
}

test('parse pool returns one result per job, classifying binary, broken and missing files', async () => {
  const jobs = [
    job('good.ts', 'typescript'), job('broken.py', 'python'), job('blob.py', 'python'),
    job('missing.py', 'python'), job('latin.py', 'python'),
    ...Array.from({ length: 40 }, (_, i) => job(`m${i}.go`, 'go')),
  ];
  const results = await runAll(jobs);
  assert.equal(results.size, jobs.length);
  const good = results.get('good.ts');
  assert.equal(good?.kind, 'ok', JSON.stringify(good));
  if (good?.kind === 'ok') {
    assert.equal(good.extraction.symbols[0]?.name, 'hello');
    assert.match(good.sha256, /^[0-9a-f]{64}$/);
  }
  const broken = results.get('broken.py');
  assert.equal(broken?.kind, 'ok');
  if (broken?.kind === 'ok') {
    assert.ok(broken.extraction.parseErrors > 0);
    assert.ok(broken.extraction.symbols.some((s) => s.name === 'ok'));
  }
  assert.equal(results.get('blob.py')?.kind, 'binary');
  assert.equal(results.get('missing.py')?.kind, 'failed');
  const latin = results.get('latin.py');
  assert.equal(latin?.kind, 'ok', JSON.stringify(latin));
  if (latin?.kind === 'ok') {
    const x = latin.extraction.symbols.find((s) => s.name === 'X');
    assert.equal(x?.startCol, 0, 'the BOM must not shift columns');
    assert.equal(x?.signature, 'X = "caf\uFFFD"');
  }
  for (let i = 0; i < 40; i++) assert.equal(results.get(`m${i}.go`)?.kind, 'ok');
});

test('parse pool reports an unknown language as a failed file, not a failed run', async () => {
  const results = await runAll([job('good.ts', 'no-such-language'), job('good.ts', 'typescript')]);
  // Both jobs share a path; the map keeps the last, so check through a fresh run instead.
  assert.equal(results.size, 1);
  const only = await runAll([job('good.ts', 'no-such-language')]);
  assert.equal(only.get('good.ts')?.kind, 'failed');
});

test('parse pool rejects a run whose signal aborts and stops dispatching', async () => {
  const pool = createParsePool({ size: 1, batchSize: 1, inFlightPerWorker: 1 });
  const controller = new AbortController();
  let seen = 0;
  try {
    const jobs = Array.from({ length: 40 }, (_, i) => job(`m${i}.go`, 'go'));
    await assert.rejects(pool.run(jobs, () => {
      seen++;
      if (seen === 2) controller.abort(new Error('stop'));
    }, controller.signal), /stop/);
    assert.ok(seen < 40, `saw ${seen} results`);
  } finally {
    await pool.close();
  }
});

test('parse pool close is idempotent and refuses later runs', async () => {
  const pool = createParsePool({ size: 1 });
  await Promise.all([pool.close(), pool.close()]);
  await pool.close();
  await assert.rejects(pool.run([job('good.ts', 'typescript')], () => {}), /closed/);
});
