import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compilePattern, matchVisits } from '../../../src/index/scan/pattern-match.js';
import type { PatternDialect } from '../../../src/index/scan/pattern.js';
import { Prng } from '../../fuzz/prng.js';
import { oracleMatches } from './regexp-oracle.js';

const GLOB: PatternDialect = { braces: true, strict: false };
const GITIGNORE: PatternDialect = { braces: false, strict: true };
const DIALECTS = [['glob', GLOB], ['gitignore', GITIGNORE]] as const;

function matches(pattern: string, dialect: PatternDialect, subject: string): boolean {
  return compilePattern(pattern, dialect)?.matches(subject) ?? false;
}

/** Patterns that exercise each piece of syntax, including the malformed and the odd. */
const PATTERNS: readonly string[] = [
  '', 'a', 'a.ts', '*', '**', '***', '?', '??', '*.ts', 'a*', '*a*', 'a?c', '\\*', '\\', 'a\\', '\\a',
  'src/*.ts', 'src/**', 'src/**/*.ts', '**/a', '**/', '/**', 'a/**/b', 'a**b', 'a/**b', '**a', 'a/**/',
  '**/**/a', 'a//b', '/a', 'a/', '[abc]', '[a-c]x', '[!a-c]x', '[^a-c]x', '[]]', '[]a]', '[!]]', '[a-]',
  '[-a]', '[z-a]', '[!z-a]', '[', '[a', 'a[', '[!', '[\\]]', '[\\', '[a-\\', '[a-\\z]', '[[:digit:]]x',
  '[[:alpha:][:digit:]]', '[![:space:]]', '[[:bogus:]]', '[[:alpha:]', '[[:alpha]', '[[:]]', '[[]',
  '[[:punct:]]', '[[:xdigit:]-z]', '[a-[:digit:]]', '[/]', '[!/]', '[!-0]', '[.-0]', '[é]', '[😀]',
  '[a-😀]', '{a,b}', '{a,b}c', '*.{ts,tsx}', '{src,test}/**/*.ts', 'a.{b,{c,d}}', '{a', '{a}', '{,a}',
  '{a,}', '{}', '{,}', '{**,x}/y', '{**/a,b}', 'x/{**,a}', '{a,[}]}', '{a,\\}}', '{a,b\\}', '{[ab],c}',
  '{a,{b}', '{{a,b},c}', 'a{b,c{d,e}f}g', '{/a,b}', '{a/,b}/**', '*{a,b}*', '😀*', '*😀', '?😀', 'é?',
  '\\[a]', '\\{a,b}', 'a\\/**', '\\/**', 'a+b(c).ts', '$^.|', '\n', '**\n',
  // Every POSIX class, and the malformed shapes around one.
  '[[:alnum:]]', '[[:alpha:]]', '[[:blank:]]', '[[:cntrl:]]', '[[:digit:]]', '[[:graph:]]', '[[:lower:]]',
  '[[:print:]]', '[[:punct:]]', '[[:space:]]', '[[:upper:]]', '[[:xdigit:]]', '[![:alnum:]]', '[[:alpha',
  '[[:alpha:', '[[:Alpha:]]', '[[:al-pha:]]', '[a:lower:]]', '[b:c:]]', '[[:a]b:]]', '[a-a]', '[\\a-c]',
  '[a-\\c]x', 'x?y', '\uffff?', '?a',
];

/** Paths, basenames and the odd strings a walk can meet (newlines, astral characters, lone surrogates). */
const SUBJECTS: readonly string[] = [
  '', 'a', 'b', 'c', 'x', 'ax', 'bx', 'dx', '5x', 'a.ts', 'a.tsx', 'src/a.ts', 'src/a/b.ts', 'lib/src/a.ts',
  'a/b', 'a/x/b', 'a//b', 'a/', '/a', 'ab', 'abc', 'a.b', 'a.c', 'a.d', 'a.e', '*', '\\', '*.ts', '[', ']',
  '[a]', '{a', '{a}', '{a,b}', 'y', '/y', 'x/y', 'a/y', 'a/b/y', 'a/a', 'b/a', '-', '0', '/', '.', 'é', '😀',
  'a😀', '😀a', '\uD83D', 'a\nb', 'a/\nb', '\n', 'src', 'test/a/b.ts', 'abdefg', 'acdfg', 'abg', 'x/a',
  'x/aa', 'a+b(c).ts', '$^.|', ':', '[[:]]', 'a\\', 'a/b/c', 'a/b/c/', ' ', '\t', 'z', 'A', 'F', 'g',
  'a\rb', 'a\u2028b', 'a\u2029', '\v', '\f', '\x7f', '~', '`', '@', '_',
  '\x01', '\x1f', 'b]', 'x\uffffy', '\uffffa', '\uffff', 'e', 'G', '9', 'al-pha:]',
];

for (const [name, dialect] of DIALECTS) {
  test(`compilePattern agrees with the RegExp translation on every ${name} pattern of the table`, () => {
    const disagreements: string[] = [];
    for (const pattern of PATTERNS) {
      for (const subject of SUBJECTS) {
        const expected = oracleMatches(pattern, dialect, subject);
        if (matches(pattern, dialect, subject) !== expected) {
          disagreements.push(`${JSON.stringify(pattern)} on ${JSON.stringify(subject)}: expected ${expected}`);
        }
      }
    }
    assert.deepEqual(disagreements, []);
  });
}

const PATTERN_PIECES: readonly string[] = [
  'a', 'b', '.', '/', '*', '**', '?', '[', ']', '!', '^', '-', '\\', '{', '}', ',', ':', '[:alpha:]', '[:digit:]',
  '**/', '/**', 'é', '😀', '\n', 'ab', '[a-b]', '{a,b}',
];
const SUBJECT_PIECES: readonly string[] = ['a', 'b', '.', '/', '-', '[', ']', '{', '}', ',', '*', '\\', '1', ' ', 'é', '😀', '\n', '\r', '\u2028', ':'];

function draw(prng: Prng, pieces: readonly string[], max: number): string {
  let out = '';
  const length = prng.int(0, max);
  for (let i = 0; i < length; i++) out += prng.pick(pieces);
  return out;
}

/** A subject shaped like `pattern` (wildcards filled in at random), so that many draws match. */
function instantiate(prng: Prng, pattern: string): string {
  let out = '';
  for (const c of pattern) {
    if (c === '*') out += draw(prng, SUBJECT_PIECES, 3);
    else if (c === '?' || prng.chance(0.1)) out += prng.pick(SUBJECT_PIECES);
    // Syntax characters are dropped half the time: `{a,b}` should also become `a` and `b`.
    else if (!'\\[]{},!^:-'.includes(c) || prng.chance(0.5)) out += c;
  }
  return out;
}

test('compilePattern agrees with the RegExp translation on random patterns and paths (seed 20240611)', () => {
  const prng = new Prng(20240611);
  const disagreements: string[] = [];
  for (let round = 0; round < 4000 && disagreements.length < 10; round++) {
    // Short patterns and subjects keep the backtracking oracle fast.
    const pattern = draw(prng, PATTERN_PIECES, 7);
    for (let k = 0; k < 8; k++) {
      const subject = k % 2 === 0 ? draw(prng, SUBJECT_PIECES, 9) : instantiate(prng, pattern);
      for (const [name, dialect] of DIALECTS) {
        const expected = oracleMatches(pattern, dialect, subject);
        if (matches(pattern, dialect, subject) !== expected) {
          disagreements.push(`${name} ${JSON.stringify(pattern)} on ${JSON.stringify(subject)}: expected ${expected}`);
        }
      }
    }
  }
  assert.deepEqual(disagreements, []);
});

test('compilePattern visits at most states x (length + 1) states when the pattern would make a RegExp backtrack', () => {
  const pattern = `${'*a'.repeat(10)}*b*`;
  const matcher = compilePattern(pattern, GITIGNORE);
  assert.ok(matcher !== undefined);
  // One state per token and the accepting one: never more than the pattern has characters, plus one.
  assert.ok(matcher.states <= pattern.length + 1, `${matcher.states} states`);
  const subject = 'a'.repeat(4000);
  const before = matchVisits();
  assert.equal(matcher.matches(subject), false);
  const visited = matchVisits() - before;
  // The automaton ran over the whole subject, and visited each state at most once per position.
  assert.ok(visited >= subject.length, `${visited} visits`);
  assert.ok(visited <= matcher.states * (subject.length + 1), `${visited} visits`);
});

test('compilePattern matches a pattern of many stars once the long subject ends with what it needs', () => {
  const matcher = compilePattern(`${'*a'.repeat(10)}*b`, GITIGNORE);
  assert.equal(matcher?.matches(`${'a'.repeat(4000)}b`), true);
});

test('compilePattern returns undefined for a gitignore pattern with an unclosed bracket or a trailing backslash', () => {
  assert.equal(compilePattern('a[b', GITIGNORE), undefined);
  assert.equal(compilePattern('a\\', GITIGNORE), undefined);
});

test('bracket expressions at their edges decide as the reference translation does: a [ that opens no class name, an escaped range end, an unterminated or colon-broken class name', () => {
  const cases: [string, string[]][] = [
    ['[[ab:]', ['[', 'a', 'b', ':', 'c']],
    ['[a-\\z]', ['a', 'm', 'z', '\\', '-']],
    ['[[:alpha', ['[', ':', 'a', 'x']],
    ['[[:al:pha:]]', ['a', ':', 'p', ']', 'a]']],
    ['x[[:digit:]]', ['x1', 'xa', 'x']],
  ];
  for (const [pattern, subjects] of cases) {
    for (const subject of subjects) {
      assert.equal(matches(pattern, GITIGNORE, subject), oracleMatches(pattern, GITIGNORE, subject), `${pattern} on ${subject}`);
    }
  }
  // The first one is a class of four characters, not a malformed class name.
  assert.equal(matches('[[ab:]', GITIGNORE, 'a'), true);
  assert.equal(matches('[a-\\z]', GITIGNORE, 'm'), true);
});
