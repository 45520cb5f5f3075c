/**
 * The structural check of src/: layer order, SQL only in the store, bounded function and file
 * lengths. Violations that predate a rule sit in test/architecture-allow.json, one entry per file
 * and rule; an entry that no longer matches anything fails too, so that list only shrinks.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import {
  LAYERS,
  RULES,
  checkTree,
  describeViolations,
  formatLayerLine,
  layerLineOf,
  readSourceTree,
  staleEntries,
  unallowed,
  type AllowEntry,
  type Rule,
} from './architecture.js';

/** The repository root, found from this compiled file (dist/test/). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ALLOW_FILE = 'test/architecture-allow.json';

function readAllowList(): AllowEntry[] {
  const parsed = JSON.parse(readFileSync(`${ROOT}${ALLOW_FILE}`, 'utf8')) as { allow: AllowEntry[] };
  for (const entry of parsed.allow) {
    assert.ok((RULES as readonly string[]).includes(entry.rule), `${ALLOW_FILE}: unknown rule "${entry.rule}" for ${entry.file}; rules are ${RULES.join(', ')}`);
  }
  return parsed.allow;
}

const violations = checkTree(readSourceTree(ROOT));
const allow = readAllowList();

const GROUPS: readonly { name: string; rules: readonly Rule[] }[] = [
  { name: 'every file of src/ sits in a layer and imports only its own layer or lower ones', rules: ['unplaced-folder', 'layer-order'] },
  { name: 'folders of one level import each other without cycles', rules: ['level-cycle'] },
  { name: 'no SQL outside src/store/', rules: ['sql-outside-store'] },
  { name: 'no function over 80 lines and no file over 450 lines without a stated reason', rules: ['function-length', 'file-length'] },
];

describe('architecture of src/', () => {
  for (const group of GROUPS) {
    test(group.name, () => {
      const found = unallowed(violations.filter((v) => group.rules.includes(v.rule)), allow);
      assert.deepEqual(found, [], `${found.length} violation(s):\n${describeViolations(found)}`);
    });
  }

  test('every allow-list entry still matches a violation', () => {
    const stale = staleEntries(violations, allow);
    const lines = stale.map((a) => `${a.file} ${a.rule}: stale baseline, remove this entry from ${ALLOW_FILE}`);
    assert.deepEqual(stale, [], lines.join('\n'));
  });

  test('docs/architecture.md states the layer order the check enforces', () => {
    const stated = layerLineOf(readFileSync(`${ROOT}docs/architecture.md`, 'utf8'));
    assert.deepEqual(stated, LAYERS, `docs/architecture.md needs this line inside a fenced block:\n${formatLayerLine()}`);
  });
});
