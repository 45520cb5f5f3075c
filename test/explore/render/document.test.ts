import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble, type DocumentParts, type PlacedSection } from '../../../src/explore/render/document.js';

function parts(sections: readonly PlacedSection[], notes: readonly string[], blast: readonly string[] = []): DocumentParts {
  return { banner: () => '', title: 'Explore: "q"', summary: [], flow: [], blast, dynamic: [], sections, notShown: [], notes };
}

const SECTION: PlacedSection = { path: 'src/a.ts', text: 'src/a.ts — whole file (1 line)', symbols: 2, drifted: false };

test('assemble counts the symbols and files of the sections shown', () => {
  const { text } = assemble(parts([SECTION], []), 10_000);
  assert.equal(text.split('\n')[1], 'Found 2 symbols across 1 file.');
});

test('assemble says no source is shown, and points to the notes, when a note explains an empty answer', () => {
  const { text } = assemble(parts([], ['`src/credentials.ts` is not shown: a secret file.'], ['- `loadToken` (src/credentials.ts:1)']), 10_000);
  assert.equal(text.split('\n')[1], 'No source shown; the notes below say why.');
  assert.match(text, /Notes:\n- `src\/credentials\.ts` is not shown/);
});

test('assemble points to the ceiling note when every section was cut', () => {
  const big: PlacedSection = { ...SECTION, text: 'x'.repeat(5_000) };
  const { text, cut } = assemble(parts([big], []), 2_000);
  assert.deepEqual(cut, ['src/a.ts']);
  assert.equal(text.split('\n')[1], 'No source shown; the notes below say why.');
  assert.match(text, /Output cut at the 2000-character ceiling/);
});

test('assemble keeps the zero count when nothing was found and nothing needs explaining', () => {
  const { text } = assemble(parts([], []), 10_000);
  assert.equal(text.split('\n')[1], 'Found 0 symbols across 0 files.');
});
