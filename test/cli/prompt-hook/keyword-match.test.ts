import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordKeywordMatcher } from '../../../src/cli/prompt-hook/keyword-match.js';
import { KEYWORD_TABLES } from '../../../src/cli/prompt-hook/keywords.js';

const WORD_KEYWORDS = KEYWORD_TABLES.filter((t) => t.match === 'word').flatMap((t) => t.keywords);

/** The specification the matcher must equal: one alternation with word boundaries, stems as `[\p{L}\p{M}]*`. */
function oracle(keywords: readonly string[]): (lower: string) => string | undefined {
  const pattern = keywords
    .map((keyword) => {
      const stem = keyword.endsWith('*');
      const body = (stem ? keyword.slice(0, -1) : keyword).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
      return stem ? `${body}[\\p{L}\\p{M}]*` : body;
    })
    .join('|');
  const re = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_])(?:${pattern})(?![\\p{L}\\p{M}\\p{N}_])`, 'u');
  return (lower) => re.exec(lower)?.[0];
}

/** A seeded generator, so a failure names a prompt that reproduces. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const FILLERS = ['the', 'code', 'x2', '_', 'é', 'naïve', '42', 'how', 'do', 'does', 'where', 'calls', 'flow', 'flows', 'flow2', 'dov', 'è', 'fluxo'];
const GAPS = [' ', '  ', '\n', '\t', '-', "'", ', ', '.', '?', '', '(', ')'];

function randomPrompt(next: () => number): string {
  const parts: string[] = [];
  const count = 1 + Math.floor(next() * 8);
  for (let i = 0; i < count; i += 1) {
    const keyword = WORD_KEYWORDS[Math.floor(next() * WORD_KEYWORDS.length)] ?? '';
    const roll = next();
    let piece: string;
    if (roll < 0.4) piece = keyword.replace(/\*$/, ['', 'ed', 's', '2', '_x', 'ção'][Math.floor(next() * 6)] ?? '');
    else if (roll < 0.55) piece = keyword.replace(/\*$/, '').slice(0, Math.max(1, Math.floor(next() * keyword.length)));
    else piece = FILLERS[Math.floor(next() * FILLERS.length)] ?? '';
    if (next() < 0.2) piece = piece.replace(/ /g, GAPS[Math.floor(next() * GAPS.length)] ?? ' ');
    parts.push(piece, GAPS[Math.floor(next() * GAPS.length)] ?? ' ');
  }
  return parts.join('').toLowerCase();
}

test('the word matcher finds what one alternation with word boundaries finds, on 20,000 seeded prompts', () => {
  const matcher = wordKeywordMatcher(WORD_KEYWORDS);
  const expected = oracle(WORD_KEYWORDS);
  const next = random(20261201);
  let matched = 0;
  for (let i = 0; i < 20_000; i += 1) {
    const prompt = randomPrompt(next);
    const want = expected(prompt);
    assert.equal(matcher(prompt), want, JSON.stringify(prompt));
    if (want !== undefined) matched += 1;
  }
  // Both outcomes are exercised, not just one.
  assert.ok(matched > 2_000 && matched < 19_000, `matched ${matched}`);
});

test('every keyword is found by itself, stems with an inflection, and none inside a longer word', () => {
  const matcher = wordKeywordMatcher(WORD_KEYWORDS);
  for (const keyword of WORD_KEYWORDS) {
    const plain = keyword.replace(/\*$/, '');
    assert.equal(matcher(`so ${plain}?`), plain, keyword);
    if (keyword.endsWith('*')) assert.equal(matcher(`so ${plain}es.`), `${plain}es`, keyword);
    assert.equal(matcher(`so x${plain}`), oracle(WORD_KEYWORDS)(`so x${plain}`), keyword);
  }
});

test('the earliest keyword wins at one place, the leftmost place wins overall', () => {
  const matcher = wordKeywordMatcher(['how do', 'how does', 'flow*', 'impact']);
  assert.equal(matcher('and how does it flow'), 'how does');
  assert.equal(matcher('the impact of how  do'), 'impact');
  assert.equal(matcher('flows2 and impact'), 'impact');
  assert.equal(matcher('how-does it'), undefined);
});

test("a keyword with literal text between its words (dov'è) needs that text", () => {
  const matcher = wordKeywordMatcher(["dov'è"]);
  assert.equal(matcher("dov'è definito"), "dov'è");
  assert.equal(matcher('dov è definito'), undefined);
});
