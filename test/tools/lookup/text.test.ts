import assert from 'node:assert/strict';
import { test } from 'node:test';
import { truncateOutput } from '../../../src/tools/lookup/text.js';

test('truncateOutput keeps what fits, cuts at a line and counts the lines left, trailing newlines not counted', () => {
  assert.equal(truncateOutput('a\nb\n', 10), 'a\nb\n');
  const text = `${'line\n'.repeat(100)}${'\n'.repeat(200_000)}`;
  const cut = truncateOutput(text, 300);
  assert.ok(cut.length <= 300, `${cut.length} characters`);
  const kept = cut.split('\n… output truncated')[0]!.split('\n').length;
  assert.equal(cut.endsWith(`… output truncated (${100 - kept} more lines)\n`), true, cut.slice(-60));
});
