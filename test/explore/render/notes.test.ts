import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RenderedFile } from '../../../src/explore/layout/render-file.js';
import type { RankedSymbol } from '../../../src/explore/rank/rank.js';
import { layoutNotes } from '../../../src/explore/render/notes.js';

/** A rendered section of `path` showing `shown` of `relevant` symbols, clipped or omitted as asked. */
function rendered(path: string, shown: number, relevant: number, how: { clipped?: boolean; omitted?: 'drifted-too-large' | 'unreadable' } = {}): RenderedFile {
  const symbols = Array.from({ length: shown }, () => ({}) as RankedSymbol);
  return {
    file: { path, score: 1, base: 1, symbols: [], pinned: false, named: false },
    section: { path, text: how.omitted === undefined ? 'x' : '', runs: [], whole: false, shown: symbols, clipped: how.clipped === true, leftOut: [], ...(how.omitted === undefined ? {} : { omitted: how.omitted }) },
    drifted: false, more: false, relevant,
  };
}

test('one trimmed file has its own note', () => {
  assert.deepEqual(layoutNotes({ sections: [rendered('a.ts', 2, 5, { clipped: true }), rendered('b.ts', 3, 3)], skipped: [] }), [
    '`a.ts` was trimmed to its budget (2 of 5 relevant symbols shown); ask about it by path or name for more.',
  ]);
});

test('several trimmed files share one note, in section order, after the notes on omitted files', () => {
  const sections = [rendered('a.ts', 2, 5, { clipped: true }), rendered('b.ts', 0, 4, { omitted: 'unreadable' }), rendered('c.ts', 1, 9, { clipped: true })];
  assert.deepEqual(layoutNotes({ sections, skipped: ['d.ts'] }), [
    '`b.ts` could not be read, so its source is omitted.',
    'Trimmed to their budgets (relevant symbols shown): `a.ts` 2 of 5, `c.ts` 1 of 9; ask about a file by path or name for more.',
    'No room left for 1 more relevant file: `d.ts`.',
  ]);
});
