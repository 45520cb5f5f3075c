import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findIndexedProjectUp, notIndexedGuidance, resolveTarget } from '../../src/project/resolve.js';

const root = mkdtempSync(join(tmpdir(), 'codegraph-resolve-'));
const indexed = join(root, 'indexed');
const deep = join(indexed, 'a', 'b');
const plain = join(root, 'plain');
mkdirSync(join(indexed, '.codegraph'), { recursive: true });
writeFileSync(join(indexed, '.codegraph', 'codegraph.db'), '');
mkdirSync(deep, { recursive: true });
mkdirSync(plain);
writeFileSync(join(root, 'file.txt'), 'x');
after(() => rmSync(root, { recursive: true, force: true }));

test('findIndexedProjectUp finds the nearest indexed ancestor', () => {
  assert.equal(findIndexedProjectUp(deep), indexed);
  assert.equal(findIndexedProjectUp(plain), undefined);
});

test('resolveTarget uses the default project when no projectPath is given', () => {
  assert.deepEqual(resolveTarget(undefined, indexed, root), { kind: 'indexed', root: indexed });
  assert.deepEqual(resolveTarget(undefined, undefined, root), { kind: 'no-default' });
  assert.deepEqual(resolveTarget('', plain, root), { kind: 'not-indexed', root: plain });
});

test('resolveTarget resolves an explicit path inside an indexed project to that project', () => {
  assert.deepEqual(resolveTarget(deep, undefined, root), { kind: 'indexed', root: indexed });
});

test('resolveTarget reports a missing folder or a file as invalid', () => {
  assert.equal(resolveTarget(join(root, 'missing'), undefined, root).kind, 'invalid');
  assert.equal(resolveTarget(join(root, 'file.txt'), undefined, root).kind, 'invalid');
});

test('resolveTarget reports an existing unindexed folder as not indexed', () => {
  assert.deepEqual(resolveTarget(plain, undefined, root), { kind: 'not-indexed', root: plain });
});

test('notIndexedGuidance names the init command', () => {
  assert.match(notIndexedGuidance('/x/y'), /Build one by running `\S.* init \/x\/y`, then call this tool again\./);
});
