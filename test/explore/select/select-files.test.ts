import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ExploreBudget } from '../../../src/explore/budget.js';
import type { RankedFile } from '../../../src/explore/rank/rank.js';
import { selectFiles } from '../../../src/explore/select/select-files.js';

const BUDGET: ExploreBudget = { total: 10_000, files: 2, perFile: 3_000, fileCeiling: 4_500, tier: 'small' };

function file(path: string, base: number, flags: { pinned?: boolean; named?: boolean } = {}): RankedFile {
  return { path, score: base, base, symbols: [], pinned: flags.pinned ?? false, named: flags.named ?? false };
}

const select = (files: readonly RankedFile[]): ReturnType<typeof selectFiles> => selectFiles({ symbols: [], prose: [], files }, BUDGET);

test('selectFiles withholds a pinned secret file and says it is secret, not that it found no room', () => {
  const { files, notes } = select([file('src/credentials.ts', 5, { pinned: true })]);
  assert.deepEqual(files.map((f) => f.path), []);
  assert.deepEqual(notes, [
    '`src/credentials.ts` is not shown: its name marks it as a secret file (.env, keys, credentials), and the source of secret files is never shown.',
  ]);
});

test('selectFiles names the secret files it withholds beside the files it shows', () => {
  const { files, notes } = select([file('config/.env.local', 4, { named: true }), file('src/app.ts', 3), file('keys/server.pem', 2)]);
  assert.deepEqual(files.map((f) => f.path), ['src/app.ts']);
  assert.deepEqual(notes, [
    '2 files are not shown because their names mark them as secret files (.env, keys, credentials), whose source is never shown: `config/.env.local`, `keys/server.pem`.',
  ]);
});

test('selectFiles says nothing of a secret file that scores too low to be shown anyway', () => {
  const { notes } = select([file('src/app.ts', 10), file('src/credentials.ts', 0.1)]);
  assert.deepEqual(notes, []);
});

test('selectFiles counts the relevant files beyond maxFiles', () => {
  const { files, notes } = select([file('a.ts', 3), file('b.ts', 2), file('c.ts', 1)]);
  assert.deepEqual(files.map((f) => f.path), ['a.ts', 'b.ts']);
  assert.deepEqual(notes, ['1 more relevant file not shown (maxFiles 2): `c.ts`.']);
});

test('selectFiles keeps a file of the call flow in place of the last file that is neither pinned, named nor on the flow', () => {
  const files = [file('a.ts', 5, { named: true }), file('b.ts', 4), file('c.ts', 3), file('flow.ts', 0.5)];
  const chosen = selectFiles({ symbols: [], prose: [], files }, BUDGET, new Set(['flow.ts']));
  assert.deepEqual(chosen.files.map((f) => f.path), ['a.ts', 'flow.ts']);
  assert.deepEqual(chosen.notes, ['2 more relevant files not shown (maxFiles 2): `b.ts`, `c.ts`.']);
  const held = selectFiles({ symbols: [], prose: [], files: [file('a.ts', 5, { named: true }), file('b.ts', 4, { pinned: true }), file('flow.ts', 1)] }, BUDGET, new Set(['flow.ts']));
  assert.deepEqual(held.files.map((f) => f.path), ['a.ts', 'b.ts'], 'a pinned or named file stays');
});

test('selectFiles gives at most half of maxFiles to flow files ranked further down', () => {
  const budget: ExploreBudget = { ...BUDGET, files: 4 };
  const files = ['a', 'b', 'c', 'd', 'f1', 'f2', 'f3'].map((p, i) => file(`${p}.ts`, 10 - i));
  const chosen = selectFiles({ symbols: [], prose: [], files }, budget, new Set(['f1.ts', 'f2.ts', 'f3.ts']));
  assert.deepEqual(chosen.files.map((f) => f.path), ['a.ts', 'b.ts', 'f1.ts', 'f2.ts']);
});

