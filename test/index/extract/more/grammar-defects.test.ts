import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Parser } from 'web-tree-sitter';
import { loadGrammar } from './helper.js';

const LUA = 'local json = require("json")\nprint(json.encode({1, 2}))\n';

function parsesCleanly(parser: Parser, source: string): boolean {
  const tree = parser.parse(source);
  assert.ok(tree !== null);
  try {
    return !tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

// Marked todo: it fails until the Lua grammar is replaced by a sound build. It exists so that the
// defect stays visible and the day a new build fixes it shows up as a passing todo.
test('lua grammar parses cleanly after another parse in the same process', { todo: 'tree-sitter-wasms 0.1.13 lua build corrupts its state after the first parse' }, async () => {
  const json = await loadGrammar('json');
  const lua = await loadGrammar('lua');
  const parser = new Parser();
  try {
    parser.setLanguage(json);
    assert.ok(parsesCleanly(parser, '{"a": [1]}'));
    parser.setLanguage(lua);
    assert.ok(parsesCleanly(parser, LUA), 'a Lua parse after any other parse yields ERROR nodes');
  } finally {
    parser.delete();
  }
});
