import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble, type DocumentParts, type PlacedSection } from '../../../src/explore/render/document.js';

function parts(sections: readonly PlacedSection[], notes: readonly string[], blast: readonly string[] = []): DocumentParts {
  return { banner: () => '', title: 'Explore: "q"', summary: [], flow: [], blast, dynamic: [], sections, alsoRelevant: [], notes };
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

test('assemble drops also-relevant entries from the end before any source section, and names the block once all are gone', () => {
  const long = 'x'.repeat(200);
  const fence = '```';
  const entries = [`src/b.ts\n${fence}typescript\n3\texport function b(${long}): void {\n${fence}`, `src/c.ts\n${fence}typescript\n9\texport function c(${long}): void {\n${fence}`];
  const withPointers: DocumentParts = { ...parts([SECTION, { ...SECTION, path: 'src/z.ts', text: 'src/z.ts — whole file (1 line)' }], []), alsoRelevant: entries };
  const full = assemble(withPointers, 10_000).text;
  const oneLess = assemble(withPointers, full.length - 1);
  assert.deepEqual(oneLess.cut, []);
  assert.match(oneLess.text, /src\/b\.ts\n```typescript\n3\t/);
  assert.doesNotMatch(oneLess.text, /src\/c\.ts/);
  // Room for the sections and a note, not for the heading and one entry (over 200 characters).
  const bare = assemble({ ...withPointers, alsoRelevant: [] }, 10_000).text.length;
  const none = assemble(withPointers, bare + 120);
  assert.deepEqual(none.cut, []);
  assert.doesNotMatch(none.text, /Also relevant/);
  assert.match(none.text, /Left out to stay under \d+ characters: the also-relevant block\./);
});
