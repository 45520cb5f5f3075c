/**
 * The structural check of src/: layer order, SQL only in the store, bounded function and file
 * lengths. There are no exceptions: a file that must be long says why on its first line.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import {
  LAYERS,
  checkTree,
  describeViolations,
  formatLayerLine,
  layerLineOf,
  readSourceTree,
  type Rule,
} from './architecture.js';

/** The repository root, found from this compiled file (dist/test/). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const violations = checkTree(readSourceTree(ROOT));

const GROUPS: readonly { name: string; rules: readonly Rule[] }[] = [
  { name: 'every file of src/ sits in a layer and imports only its own layer or lower ones', rules: ['unplaced-folder', 'layer-order'] },
  { name: 'folders of one level import each other without cycles', rules: ['level-cycle'] },
  { name: 'no SQL outside src/store/', rules: ['sql-outside-store'] },
  { name: 'no function over 80 lines and no file over 450 lines without a stated reason', rules: ['function-length', 'file-length'] },
];

describe('architecture of src/', () => {
  for (const group of GROUPS) {
    test(group.name, () => {
      const found = violations.filter((v) => group.rules.includes(v.rule));
      assert.deepEqual(found, [], `${found.length} violation(s):\n${describeViolations(found)}`);
    });
  }

  test('docs/architecture.md states the layer order the check enforces', () => {
    const stated = layerLineOf(readFileSync(`${ROOT}docs/architecture.md`, 'utf8'));
    assert.deepEqual(stated, LAYERS, `docs/architecture.md needs this line inside a fenced block:\n${formatLayerLine()}`);
  });
});
