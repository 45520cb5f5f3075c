import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IgnoreRules } from '../../../src/index/scan/gitignore.js';
import { matchVisits } from '../../../src/index/scan/pattern-match.js';
import type { GitignoreCase } from './gitignore-cases.js';
import { GITIGNORE_CASES } from './gitignore-cases.js';

const INFO_EXCLUDE = '.git/info/exclude';

/** Builds rules the way the walker does: exclude file, then root, then deeper directories. */
function rulesFor(files: GitignoreCase['files']): IgnoreRules {
  let rules = IgnoreRules.forRoot(files[INFO_EXCLUDE]);
  const dirs = Object.keys(files)
    .filter((dir) => dir !== INFO_EXCLUDE)
    .sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.split('/').length - b.split('/').length));
  for (const dir of dirs) rules = rules.withDirectory(dir, files[dir]!);
  return rules;
}

for (const c of GITIGNORE_CASES) {
  test(`ignore rules ${c.name}`, () => {
    assert.equal(rulesFor(c.files).ignores(c.path, c.isDir), c.ignored);
  });
}

test('ignore rules return the same object when a directory file has no patterns', () => {
  const rules = IgnoreRules.forRoot('*.x');
  assert.equal(rules.withDirectory('sub', '# only a comment\n\n'), rules);
});

test('ignoresEntry does not consult parent directories when the walker has pruned them', () => {
  const rules = IgnoreRules.forRoot().withDirectory('', 'dir/\n!dir/keep.ts');
  assert.equal(rules.ignoresEntry('dir/keep.ts', false), false);
  assert.equal(rules.ignores('dir/keep.ts', false), true);
});

test('verdict reports a re-inclusion as false and no match as undefined', () => {
  const rules = IgnoreRules.forRoot().withDirectory('', '*.log\n!keep.log');
  assert.equal(rules.verdict('keep.log', false), false);
  assert.equal(rules.verdict('main.ts', false), undefined);
});

test('ignore rules skip a byte order mark at the start of a file', () => {
  const rules = IgnoreRules.forRoot().withDirectory('', '\uFEFF*.log');
  assert.equal(rules.ignores('a.log', false), true);
});

test('ignore rules decide a long name against a pattern of many stars in work linear in both', () => {
  const pattern = `${'*a'.repeat(10)}*b*`;
  const rules = IgnoreRules.forRoot().withDirectory('', pattern);
  const name = `${'a'.repeat(200)}.ts`;
  const before = matchVisits();
  assert.equal(rules.ignores(name, false), false);
  // One state per pattern character at most, plus the accepting one, each visited once per position.
  const visited = matchVisits() - before;
  assert.ok(visited >= name.length && visited <= (pattern.length + 1) * (name.length + 1), `${visited} visits`);
});
