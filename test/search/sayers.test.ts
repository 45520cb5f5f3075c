import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sayersOf, searchSymbols } from '../../src/search/index.js';
import { exploreProject } from '../../src/tools/explore/explore-tool.js';
import { openGeneratedProject } from '../support/fixture-project.js';

// The message is said by one function; a test repeats it, and other functions share its words apart.
const files = {
  'cli/args.go': [
    'package cli',
    '',
    'import "fmt"',
    '',
    'func checkArgs(name string, parent string) error {',
    '\treturn fmt.Errorf("unknown command %q for %q", name, parent)',
    '}',
    '',
    'func listCommands() string { return "available commands" }',
    '',
    'func unknownFlag() string { return "unknown flag" }',
    '',
  ].join('\n'),
  'cli/args_test.go': [
    'package cli',
    '',
    'import "testing"',
    '',
    'func TestCheckArgs(t *testing.T) {',
    '\tif checkArgs("serve", "app").Error() != `unknown command "serve" for "app"` {',
    '\t\tt.Fatal("unknown command")',
    '\t}',
    '}',
    '',
  ].join('\n'),
};

describe('the symbols that say a pasted message', () => {
  test('search and explore answer a pasted message with the function whose literal says it', async () => {
    // Names that hold the message's words, which a search on words alone ranks first.
    const named: Record<string, string> = {};
    for (let i = 0; i < 12; i += 1) {
      named[`cli/unknown${i}.go`] = `package cli\n\nfunc UnknownCommand${i}() {}\n\nfunc CommandFor${i}() {}\n\nfunc ServeApp${i}() {}\n`;
    }
    const project = await openGeneratedProject({ ...files, ...named });
    try {
      const pasted = 'Error: unknown command "serve" for "app"';
      assert.deepEqual(sayersOf(project.index.store, pasted).length, 1);
      assert.equal(searchSymbols(project.index.store, pasted).matches[0]?.node.name, 'checkArgs');
      const { text } = await exploreProject(project.index, pasted);
      assert.match(text.split('\n').find((line) => line.startsWith('- `')) ?? '', /^- `checkArgs`/, 'first in the blast radius');
      assert.match(text, /func checkArgs\(name string, parent string\) error \{/);
    } finally {
      project.close();
    }
  });

  test('a message no literal holds whole, one word, and a message many symbols say name no sayer', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 4; i += 1) many[`m${i}.py`] = `def fail${i}():\n    raise ValueError("invalid token given")\n`;
    const project = await openGeneratedProject({ ...files, ...many });
    try {
      assert.deepEqual(sayersOf(project.index.store, 'Error: unknown command "serve" for "app" flag'), []);
      assert.deepEqual(sayersOf(project.index.store, 'unknown'), []);
      assert.deepEqual(sayersOf(project.index.store, 'ValueError: invalid token given'), []);
    } finally {
      project.close();
    }
  });
});
