import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkToml, definedElsewhere, removeTable, setTable } from '../../../src/cli/install/toml-table.js';

const ENTRIES = { command: 'codegraph', args: ['serve', '--mcp'] };

for (const [name, before] of [
  ['an empty file', ''],
  ['a file ending in a newline', '# settings\nmodel = "o3"\n'],
  ['a file ending in a blank line', 'model = "o3"\n\n'],
  ['a file with other tables', 'model = "o3"\n\n[mcp_servers.other]\ncommand = "x"\nargs = [\n  "a", # one\n  "b",\n]\n'],
] as const) {
  test(`setTable then removeTable restores the text exactly: ${name}`, () => {
    const set = setTable(before, 'mcp_servers.codegraph', ENTRIES);
    assert.equal(set.kind, 'changed');
    const text = set.kind === 'changed' ? set.text : '';
    assert.equal(checkToml(text).kind, 'ok');
    assert.match(text, /\[mcp_servers\.codegraph\]\ncommand = "codegraph"\nargs = \["serve", "--mcp"\]\n$/);
    assert.equal(setTable(text, 'mcp_servers.codegraph', ENTRIES).kind, 'unchanged');
    assert.equal(removeTable(text, 'mcp_servers.codegraph'), before);
  });
}

test('setTable replaces a different table in place, keeping the tables after it', () => {
  const before = '[mcp_servers.codegraph]\ncommand = "old"\n\n[other]\nx = 1\n';
  const set = setTable(before, 'mcp_servers.codegraph', ENTRIES);
  assert.equal(set.kind === 'changed' ? set.text : '', '[mcp_servers.codegraph]\ncommand = "codegraph"\nargs = ["serve", "--mcp"]\n\n[other]\nx = 1\n');
  assert.equal(removeTable(before, 'mcp_servers.codegraph'), '[other]\nx = 1\n');
});

test('checkToml names the first line that is not TOML', () => {
  assert.deepEqual(checkToml('a = 1\n[ok]\nthis is prose\n'), { kind: 'invalid', line: 3, message: 'expected `key = value`' });
  assert.deepEqual(checkToml('a = [\n1,\n'), { kind: 'invalid', line: 3, message: 'unclosed array or inline table' });
  assert.equal(checkToml('s = """\nmulti\n"""\nt = { a = 1 }\n').kind, 'ok');
});

test('definedElsewhere finds dotted keys and a member of the parent table', () => {
  assert.equal(definedElsewhere('mcp_servers.codegraph.command = "x"\n', 'mcp_servers.codegraph'), true);
  assert.equal(definedElsewhere('[mcp_servers]\ncodegraph = { command = "x" }\n', 'mcp_servers.codegraph'), true);
  assert.equal(definedElsewhere('[mcp_servers.codegraph]\ncommand = "x"\n', 'mcp_servers.codegraph'), false);
});
