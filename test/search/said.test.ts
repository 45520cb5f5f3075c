import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { saidWords } from '../../src/search/said.js';

describe('saidWords', () => {
  test('a runtime label and quoted values are no part of what a message says', () => {
    assert.deepEqual(saidWords('Error: unknown command "serve" for "app"'), ['unknown', 'command']);
    assert.deepEqual(saidWords('TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string'), ['argument', 'type', 'string']);
    assert.deepEqual(saidWords('build failed: missing `main` entry in manifest'), ['missing', 'entry', 'manifest'], 'up to three words before a colon are a label');
  });

  test('numbers and single letters are no words a literal keeps; an apostrophe quotes nothing', () => {
    assert.deepEqual(saidWords('panic: runtime error: index out of range [5] with length 3'), ['runtime', 'error', 'index', 'range', 'length']);
    assert.deepEqual(saidWords("Error: the request's token isn't valid"), ['request', 'token', 'isn', 'valid']);
  });

  test('plain words show no mark of a message; a quoted phrase asked about is the message', () => {
    assert.deepEqual(saidWords('large orders'), []);
    assert.deepEqual(saidWords('unknown command for the app'), []);
    assert.deepEqual(saidWords('where is "unknown command" raised'), ['unknown', 'command']);
  });

  test('fewer than two words, or a long paste, say no message', () => {
    assert.deepEqual(saidWords('Error: "serve"'), []);
    assert.deepEqual(saidWords('unknown'), []);
    assert.deepEqual(saidWords(`Error: unknown command ${'word '.repeat(100)}`), []);
  });
});
