import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileGlob, compileGlobs } from '../../../src/index/scan/glob.js';
import { matchVisits } from '../../../src/index/scan/pattern-match.js';

const CASES: readonly (readonly [pattern: string, path: string, expected: boolean, name: string])[] = [
  ['*.ts', 'a.ts', true, 'match a basename pattern at the root'],
  ['*.ts', 'src/deep/a.ts', true, 'match a pattern without a slash at any depth'],
  ['*.ts', 'a.tsx', false, 'require the whole basename to match'],
  ['src/*.ts', 'src/a.ts', true, 'match * within one segment'],
  ['src/*.ts', 'src/a/b.ts', false, 'not let * cross a slash'],
  ['src/*.ts', 'lib/src/a.ts', false, 'anchor a pattern containing a slash at the root'],
  ['src/**', 'src/a/b/c.ts', true, 'match everything under a directory with a trailing **'],
  ['src/**/*.ts', 'src/a.ts', true, 'match zero directories with **'],
  ['src/**/*.ts', 'src/a/b/c.ts', true, 'match several directories with **'],
  ['**/test/*.ts', 'test/a.ts', true, 'match a leading ** at the root'],
  ['**/test/*.ts', 'pkg/x/test/a.ts', true, 'match a leading ** at any depth'],
  ['a**b', 'a/x/b', false, 'treat ** inside a segment as *'],
  ['?.ts', 'a.ts', true, 'match one character with ?'],
  ['?.ts', 'ab.ts', false, 'not match two characters with ?'],
  ['*.{ts,tsx}', 'app/view.tsx', true, 'match a brace alternative'],
  ['*.{ts,tsx}', 'app/view.js', false, 'reject what no brace alternative matches'],
  ['{src,test}/**/*.ts', 'test/a/b.ts', true, 'match braces in an anchored pattern'],
  ['a.{b,{c,d}}', 'a.d', true, 'match nested braces'],
  ['[a-c].ts', 'b.ts', true, 'match a character range'],
  ['[!a-c].ts', 'b.ts', false, 'reject inside a negated class'],
  ['file[0-9', 'file[0-9', true, 'take an unclosed bracket literally'],
  ['{a', '{a', true, 'take an unclosed brace literally'],
  ['./src/*.ts', 'src/a.ts', true, 'drop a leading ./'],
  ['/src/*.ts', 'src/a.ts', true, 'drop a leading /'],
  ['build/', 'build/out/x.js', true, 'treat a trailing slash as everything under the directory'],
  ['*.js', '.eslintrc.js', true, 'let * match a leading dot'],
  ['a+b(c).ts', 'a+b(c).ts', true, 'escape regular expression syntax'],
  ['\\*.ts', '*.ts', true, 'match a literal * after a backslash'],
  ['\\*.ts', 'a.ts', false, 'not treat an escaped * as a wildcard'],
  ['x[z-\\a]', 'xa', false, 'match nothing with a reversed range whose end is escaped, not even its end'],
  ['x[a-\\z]', 'xq', true, 'match inside a range whose end is escaped'],
];

for (const [pattern, path, expected, name] of CASES) {
  test(`compileGlob(${JSON.stringify(pattern)}) does ${expected ? '' : 'not '}match ${path}: ${name}`, () => {
    assert.equal(compileGlob(pattern)(path), expected);
  });
}

test('compileGlobs matches when any pattern matches', () => {
  const matches = compileGlobs(['*.md', 'docs/**']);
  assert.deepEqual(['README.md', 'docs/a/b.txt', 'src/a.ts'].map(matches), [true, true, false]);
});

test('compileGlobs matches nothing when the list is empty', () => {
  assert.equal(compileGlobs([])('a.ts'), false);
});

test('compileGlob decides a long path against a pattern of many stars in work linear in both', () => {
  const pattern = `${'*a'.repeat(10)}*b*`;
  const path = `src/${'a'.repeat(200)}.ts`;
  const before = matchVisits();
  assert.equal(compileGlob(pattern)(path), false);
  // The pattern gains a leading `**/` (two states) because it has no slash.
  const visited = matchVisits() - before;
  assert.ok(visited >= path.length && visited <= (pattern.length + 3) * (path.length + 1), `${visited} visits`);
});
