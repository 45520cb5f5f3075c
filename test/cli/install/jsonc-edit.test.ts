import assert from 'node:assert/strict';
import { test } from 'node:test';
import { removeItem, setValue } from '../../../src/cli/install/jsonc-edit.js';
import { member, parseJsonc, type JsoncContainer } from '../../../src/cli/install/jsonc.js';

const ENTRY = { command: 'codegraph', args: ['serve', '--mcp'] };

/** Installs then removes `servers.codegraph` and checks the text comes back byte for byte. */
function roundTrip(before: string, trailing: readonly string[] = []): string {
  const set = setValue(before, ['servers', 'codegraph'], ENTRY, trailing);
  assert.equal(set.kind, 'changed');
  if (set.kind !== 'changed') return before;
  const parsed = parseJsonc(set.text);
  assert.equal(parsed.kind, 'ok', `installed text parses:\n${set.text}`);
  const servers = parsed.kind === 'ok' ? (member(parsed.root, 'servers')?.value as JsoncContainer) : undefined;
  assert.ok(servers !== undefined);
  const index = servers.items.findIndex((i) => i.key === 'codegraph');
  assert.equal(removeItem(set.text, servers, index, trailing), before);
  assert.equal(setValue(set.text, ['servers', 'codegraph'], ENTRY, trailing).kind, 'unchanged');
  return set.text;
}

const LAYOUTS: readonly [string, string][] = [
  ['two spaces, no trailing comma', '{\n  "servers": {\n    "a": { "command": "a" }\n  }\n}\n'],
  ['trailing commas and comments', '// top\n{\n  "servers": {\n    "a": {}, // keep me\n  },\n}\n'],
  ['tabs', '{\n\t"servers": {\n\t\t"a": 1\n\t}\n}'],
  ['CRLF line endings', '{\r\n    "servers": {\r\n        "a": 1\r\n    }\r\n}\r\n'],
  ['a one-line object', '{"servers": {"a": 1}}'],
  ['a comment after the last member', '{\n  "servers": {\n    "a": 1 // the only one\n  }\n}\n'],
  ['a closing brace on the last member line', '{\n  "servers": {\n    "a": 1 }\n}\n'],
];

for (const [name, before] of LAYOUTS) {
  test(`setValue then removeItem restores the text exactly: ${name}`, () => {
    roundTrip(before);
  });
}

test('setValue keeps the indentation unit and the trailing-comma habit of the file', () => {
  const after = roundTrip('{\n    "servers": {\n        "a": 1,\n    },\n}\n');
  assert.equal(after, '{\n    "servers": {\n        "a": 1,\n        "codegraph": {\n            "command": "codegraph",\n            "args": ["serve", "--mcp"],\n        },\n    },\n}\n');
});

test('setValue writes comment lines after the entry, and removeItem takes them away too', () => {
  const after = roundTrip('{\n  "servers": {\n    "a": 1\n  }\n}\n', ['// alternative:', '// "x": 1']);
  assert.match(after, /"args": \["serve", "--mcp"\]\n {4}\}\n {4}\/\/ alternative:\n {4}\/\/ "x": 1\n {2}\}/);
});

test('setValue replaces a different value in place and keeps what follows', () => {
  const before = '{\n  "servers": {\n    "codegraph": {"command": "old"}, // note\n    "b": 2\n  }\n}\n';
  const set = setValue(before, ['servers', 'codegraph'], ENTRY);
  assert.equal(set.kind === 'changed' ? set.text : '', '{\n  "servers": {\n    "codegraph": {\n      "command": "codegraph",\n      "args": ["serve", "--mcp"]\n    }, // note\n    "b": 2\n  }\n}\n');
});

test('setValue creates missing objects and an empty document', () => {
  const set = setValue('', ['servers', 'codegraph'], ENTRY);
  assert.equal(set.kind === 'changed' ? set.text : '', '{\n  "servers": {\n    "codegraph": {\n      "command": "codegraph",\n      "args": ["serve", "--mcp"]\n    }\n  }\n}\n');
  const into = setValue('{"theme": "x"}', ['servers', 'codegraph'], { a: 1 });
  assert.equal(into.kind === 'changed' ? into.text : '', '{"theme": "x", "servers": {"codegraph":{"a":1}}}');
});

test('removeItem removes a member in the middle with its own line only', () => {
  const text = '{\n  "a": 1,\n  "b": 2, // b\n  "c": 3\n}\n';
  const parsed = parseJsonc(text);
  const root = parsed.kind === 'ok' ? (parsed.root as JsoncContainer) : undefined;
  assert.ok(root !== undefined);
  assert.equal(removeItem(text, root, 1), '{\n  "a": 1,\n  "c": 3\n}\n');
});
