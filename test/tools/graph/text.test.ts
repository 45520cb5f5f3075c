import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OUTPUT_CAP, capText, sectionsNote } from '../../../src/tools/graph/text.js';

const lines = (n: number, width = 20): string => Array.from({ length: n }, (_, i) => `${i}`.padEnd(width, 'x')).join('\n') + '\n';

test('capText leaves text within the cap untouched', () => {
  const text = lines(10);
  assert.equal(capText(text, 1000), text);
});

test('capText cuts at a line boundary and counts the lines left out', () => {
  const out = capText(lines(100), 500);
  const kept = out.trimEnd().split('\n');
  const note = kept.pop();
  assert.ok(kept.every((l) => l.length === 20), 'a kept line was cut');
  assert.equal(note, `… output truncated (${100 - kept.length} more lines)`);
  assert.ok(out.length <= 500);
});

test('capText adds the hint after the truncation line', () => {
  const out = capText(lines(100), 500, 'Narrow the query.');
  assert.match(out, /more lines\)\nNarrow the query\.\n$/);
});

test('the default cap is 30,000 characters', () => {
  assert.equal(OUTPUT_CAP, 30_000);
  assert.ok(capText(lines(2000)).length <= 30_000);
});

test('sectionsNote says how many definitions were answered, only when some were left out', () => {
  assert.equal(sectionsNote(50, 50), undefined);
  assert.equal(sectionsNote(50, 693), 'Only the first 50 of 693 definitions (by path) are answered below; pass file to pick one.');
});
