import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BLOCK_END, BLOCK_START, removeBlock, setBlock } from '../../../src/cli/install/markdown-block.js';

for (const [name, before] of [
  ['an empty file', ''],
  ['a file ending in a newline', '# Notes\n\nKeep tests green.\n'],
  ['a file ending in a blank line', '# Notes\n\n'],
] as const) {
  test(`setBlock then removeBlock restores the text exactly: ${name}`, () => {
    const set = setBlock(before, 'body');
    const text = set.kind === 'changed' ? set.text : '';
    assert.ok(text.endsWith(`${BLOCK_START}\nbody\n${BLOCK_END}\n`));
    assert.equal(setBlock(text, 'body').kind, 'unchanged');
    assert.equal(removeBlock(text), before);
  });
}

test('setBlock replaces only the text between the markers', () => {
  const text = `intro\n\n${BLOCK_START}\nold\n${BLOCK_END}\noutro\n`;
  const set = setBlock(text, 'new');
  assert.equal(set.kind === 'changed' ? set.text : '', `intro\n\n${BLOCK_START}\nnew\n${BLOCK_END}\noutro\n`);
  assert.equal(removeBlock(text), 'intro\n\noutro\n');
});

test('setBlock refuses a start marker without an end marker', () => {
  assert.throws(() => setBlock(`${BLOCK_START}\nhalf\n`, 'x'), /without its end marker/);
});
