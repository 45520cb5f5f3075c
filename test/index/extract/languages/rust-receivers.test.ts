import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEREF_WRAPPERS } from '../../../../src/index/extract/languages/rust-receivers.js';
import { traitsOf } from '../../../../src/index/resolve/languages.js';

test('the Rust extractor and resolution agree on which pointers dereference to their contents', () => {
  const resolution = traitsOf('rust').derefWrappers ?? new Set<string>();
  assert.ok(DEREF_WRAPPERS.size > 0);
  assert.deepEqual([...DEREF_WRAPPERS].sort(), [...resolution].sort());
});
