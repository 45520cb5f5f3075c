import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentSource } from '../../src/explore/current-source.js';
import type { SourceReader } from '../../src/explore/source-reader.js';

/** A reader over `files` (those in `drifted` are drifted) that counts what it is asked to read. */
function reader(files: Readonly<Record<string, string>>, drifted: readonly string[] = []): SourceReader & { readonly reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    freshness: (path) => (path in files && !drifted.includes(path) ? 'fresh' : 'drifted'),
    read: (path) => {
      reads.push(path);
      return files[path];
    },
  };
}

test('current source never asks the reader for a secret file', () => {
  const files = reader({ '.env': 'TOKEN=x\n', 'keys/server.pem': 'key\n' });
  const source = currentSource(files);
  assert.equal(source.lines('.env'), undefined);
  assert.equal(source.lines('keys/server.pem'), undefined);
  assert.deepEqual(files.reads, []);
});

test('current source reads a file once and splits it into lines', () => {
  const files = reader({ 'a.ts': 'one\ntwo\n' });
  const source = currentSource(files);
  assert.deepEqual(source.lines('a.ts'), ['one', 'two']);
  assert.deepEqual(source.lines('a.ts'), ['one', 'two']);
  assert.deepEqual(files.reads, ['a.ts']);
});

test('current source gives fresh lines only for a file that still matches the index', () => {
  const source = currentSource(reader({ 'a.ts': 'a\n', 'b.ts': 'b\n' }, ['b.ts']));
  assert.deepEqual(source.freshLines('a.ts'), ['a']);
  assert.equal(source.freshLines('b.ts'), undefined);
  assert.equal(source.drifted('b.ts'), true);
});

test('current source names in its banner every drifted file shown so far, in the order first shown', () => {
  const source = currentSource(reader({ 'a.ts': '', 'b.ts': '', 'c.ts': '' }, ['b.ts', 'c.ts']));
  assert.equal(source.banner([]), '');
  assert.equal(source.banner(['a.ts']), '');
  const first = source.banner(['c.ts', 'b.ts']);
  assert.match(first, /\n {2}- c\.ts\n {2}- b\.ts\n/);
  assert.equal(source.banner([]), first);
});
