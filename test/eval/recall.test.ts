import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findHeaders, labelPath, sourceBlocks, targetPresent, targetWhole } from './recall.js';

const PY = [
  'class QuerySet:',
  '    def filter(self, *args, **kwargs):',
  '        return self._filter_or_exclude(False, args, kwargs)',
  '',
  '    def exclude(self, *args, **kwargs):',
  '        return self._filter_or_exclude(True, args, kwargs)',
  '',
  '    def _filter_or_exclude(self, negate, args, kwargs):',
  '        clone = self._chain()',
  '        return clone',
  '',
  'class Other:',
  '    def exclude(self, *args, **kwargs):',
  '        pass',
].join('\n');

const FILE = 'django/db/models/query.py';

function block(label: string, lines: readonly [number, string][]): string {
  return `${label}\n\`\`\`python\n${lines.map(([n, t]) => `${n}\t${t}`).join('\n')}\n\`\`\``;
}

describe('recall rule', () => {
  const headers = findHeaders(PY, FILE, '_filter_or_exclude');

  it('finds the header line of a definition, and qualified names pick the right one', () => {
    assert.deepEqual(headers, [{ line: 8, text: '    def _filter_or_exclude(self, negate, args, kwargs):' }]);
    assert.deepEqual(findHeaders(PY, FILE, 'QuerySet.exclude').map((h) => h.line), [5]);
    assert.deepEqual(findHeaders(PY, FILE, 'Other.exclude').map((h) => h.line), [13]);
    assert.deepEqual(findHeaders(PY, FILE, 'exclude').map((h) => h.line), [5, 13]);
    assert.deepEqual(findHeaders(PY, FILE, 'missing_name'), []);
  });

  it('counts a hit when the header is shown in a block of the right file', () => {
    const output = [
      'Found 3 symbols across 1 file.',
      '',
      block(`**\`${FILE}\`** — lines 5-10`, [[5, '    def exclude(self, *args, **kwargs):'], [8, '    def _filter_or_exclude(self, negate, args, kwargs):'], [9, '        clone = self._chain()']]),
    ].join('\n');
    assert.equal(targetPresent(sourceBlocks(output), FILE, headers), true);
  });

  it('counts a miss when only other lines, or only prose, mention the name', () => {
    const output = [
      'The method `_filter_or_exclude` (django/db/models/query.py:8) is called by filter.',
      block(`${FILE} — lines 2-3`, [[2, '    def filter(self, *args, **kwargs):'], [3, '        return self._filter_or_exclude(False, args, kwargs)']]),
    ].join('\n');
    assert.equal(targetPresent(sourceBlocks(output), FILE, headers), false);
  });

  it('counts a miss when the header text is in a block of another file', () => {
    const output = block('django/db/models/manager.py — lines 8', [[8, '    def _filter_or_exclude(self, negate, args, kwargs):']]);
    assert.equal(targetPresent(sourceBlocks(output), FILE, headers), false);
  });

  it('tells same-looking headers apart by line number', () => {
    const other = findHeaders(PY, FILE, 'Other.exclude');
    const output = block(FILE, [[5, '    def exclude(self, *args, **kwargs):']]);
    assert.equal(targetPresent(sourceBlocks(output), FILE, findHeaders(PY, FILE, 'QuerySet.exclude')), true);
    assert.equal(targetPresent(sourceBlocks(output), FILE, other), false);
  });

  it('accepts unnumbered blocks, path suffixes, whitespace differences and clipped lines', () => {
    const unnumbered = `query.py\n\`\`\`\ndef   _filter_or_exclude(self,  negate, args, kwargs):\n\`\`\``;
    assert.equal(targetPresent(sourceBlocks(unnumbered), FILE, headers), true);
    const long = `def long_function_name(${'argument, '.repeat(50)}last):`;
    const clipped = block(`/abs/project/${FILE}`, [[1, `${long.slice(0, 120)} …`]]);
    assert.equal(targetPresent(sourceBlocks(clipped), FILE, [{ line: 1, text: long }]), true);
  });

  it('reads the file label from the line above the fence', () => {
    assert.equal(labelPath('**`command.go`** — calls(calls), Root(calls)'), 'command.go');
    assert.equal(labelPath('src/de/impls.rs — lines 20-56, 195 of 2733'), 'src/de/impls.rs');
    assert.equal(labelPath('### java.base/java/util/HashMap.java:640'), 'java.base/java/util/HashMap.java');
  });
});

describe('whole rule', () => {
  const headers = findHeaders(PY, FILE, '_filter_or_exclude').map((h) => ({ ...h, end: 10 }));
  const body: [number, string][] = [[8, '    def _filter_or_exclude(self, negate, args, kwargs):'], [9, '        clone = self._chain()'], [10, '        return clone']];

  it('counts a target whose every line from header to end is shown, even split over two blocks', () => {
    assert.equal(targetWhole(sourceBlocks(block(FILE, body)), FILE, headers), true);
    const split = `${block(FILE, body.slice(0, 2))}\n\n${block(FILE, body.slice(2))}`;
    assert.equal(targetWhole(sourceBlocks(split), FILE, headers), true);
  });

  it('does not count a header alone, a body in another file, or a target without a known end', () => {
    assert.equal(targetWhole(sourceBlocks(block(FILE, body.slice(0, 2))), FILE, headers), false);
    assert.equal(targetWhole(sourceBlocks(block('other/file.py', body)), FILE, headers), false);
    assert.equal(targetWhole(sourceBlocks(block(FILE, body)), FILE, headers.map(({ line, text }) => ({ line, text }))), false);
  });
});
