/** indexProject beside another tool's index in .codegraph/: refused untouched, or replaced and kept aside when asked. */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { indexProject } from '../../../src/index/sync/index.js';
import { ForeignIndexError } from '../../../src/store/index.js';
import { generatedProject } from '../../support/fixture-project.js';
import { foreignDatabaseBytes } from '../../support/foreign-index.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

for (const mode of ['full', 'incremental'] as const) {
  test(`a ${mode} run refuses another tool's index and leaves its folder as it was`, async () => {
    const p = await generatedProject({ 'a.ts': 'export const a = 1;\n' });
    cleanups.push(p.cleanup);
    const dir = join(p.root, '.codegraph');
    const theirs = await foreignDatabaseBytes();
    writeFileSync(join(dir, 'codegraph.db'), theirs);
    const before = readdirSync(dir).sort();
    await assert.rejects(indexProject({ root: p.root, mode, command: 'test', workers: 1 }), (e: unknown) => e instanceof ForeignIndexError && e.message.includes(join(dir, 'codegraph.db')));
    assert.deepEqual(readdirSync(dir).sort(), before, 'no lock, no file added');
    assert.deepEqual(new Uint8Array(readFileSync(join(dir, 'codegraph.db'))), theirs);
  });
}

test('asked to replace it, an incremental run keeps the other index aside and builds a whole new one', async () => {
  const p = await generatedProject({});
  cleanups.push(p.cleanup);
  const dir = join(p.root, '.codegraph');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(p.root, 'a.ts'), 'export function a() { return 1; }\n');
  const theirs = await foreignDatabaseBytes();
  writeFileSync(join(dir, 'codegraph.db'), theirs);
  const summary = await indexProject({ root: p.root, mode: 'incremental', command: 'test', workers: 1, replaceForeign: true });
  assert.equal(summary.parsed, 1, 'every file parsed, as a full run does');
  const aside = readdirSync(dir).filter((name) => name.startsWith('codegraph.db.foreign-'));
  assert.equal(aside.length, 1, readdirSync(dir).join(', '));
  assert.deepEqual(new Uint8Array(readFileSync(join(dir, aside[0] ?? ''))), theirs);
});
