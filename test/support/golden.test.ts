import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { assertGolden, goldenMode } from './golden.js';

test('this test run checks golden files rather than rewriting them', () => {
  // Fails the whole run whenever UPDATE_GOLDEN is set, so a rewrite can never pass as a check.
  assert.deepEqual(goldenMode(process.env), { kind: 'compare' }, 'UPDATE_GOLDEN is set: this run rewrote golden files instead of checking them; review them and run again without it');
});

test('goldenMode compares by default, updates on request, and refuses to update under CI=true', () => {
  assert.deepEqual(goldenMode({}), { kind: 'compare' });
  assert.deepEqual(goldenMode({ UPDATE_GOLDEN: '' }), { kind: 'compare' });
  assert.deepEqual(goldenMode({ UPDATE_GOLDEN: '1' }), { kind: 'update' });
  assert.deepEqual(goldenMode({ UPDATE_GOLDEN: 'yes', CI: 'false' }), { kind: 'update' });
  assert.equal(goldenMode({ UPDATE_GOLDEN: '1', CI: 'true' }).kind, 'refused');
});

test('assertGolden under UPDATE_GOLDEN rewrites a changed file and still fails, naming it; under CI it writes nothing', () => {
  // A scratch project root, marked as the real one is (package.json and src/).
  const root = mkdtempSync(join(tmpdir(), 'codegraph-golden-'));
  try {
    mkdirSync(join(root, 'src'));
    mkdirSync(join(root, 'test', 'golden', 'g'), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{}');
    const from = pathToFileURL(join(root, 'test', 'x.test.js')).href;
    const file = join(root, 'test', 'golden', 'g', 'a.txt');
    assert.throws(() => assertGolden('g', 'a.txt', 'new', from, {}), /golden file test\/golden\/g\/a\.txt is missing/);
    writeFileSync(file, 'old');
    assert.throws(() => assertGolden('g', 'a.txt', 'new', from, { UPDATE_GOLDEN: '1', CI: 'true' }), /never rewritten in CI/);
    assert.equal(readFileSync(file, 'utf8'), 'old');
    assert.throws(() => assertGolden('g', 'a.txt', 'new', from, {}), /golden mismatch/);
    assert.throws(() => assertGolden('g', 'a.txt', 'new', from, { UPDATE_GOLDEN: '1' }), /rewrote test\/golden\/g\/a\.txt/);
    assert.equal(readFileSync(file, 'utf8'), 'new');
    assertGolden('g', 'a.txt', 'new', from, {});
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
