import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { QuestionKind } from './questions.js';
import { summarize, type QuestionResult } from './summary.js';

/** A search question whose first target came at `rank` (undefined: not among the results). */
function searched(id: string, kind: QuestionKind, rank: number | undefined, status: 'ok' | 'error' = 'ok'): QuestionResult {
  return { corpus: 'c', id, kind, query: id, targets: [], ours: { search: { status, chars: 1, ms: 1, rank } } };
}

test('search hit@1 and hit@5 are shares of every searched question, a failed or missing answer counting as a miss', () => {
  const s = summarize([
    searched('a', 'search', 1),
    searched('b', 'prose', 2),
    searched('c', 'search', 5),
    searched('d', 'search', 6),
    searched('e', 'prose', undefined),
    searched('f', 'search', undefined, 'error'),
    searched('g', 'identifiers', 1),
    searched('h', 'anchor', 3),
  ], 'ours');
  assert.equal(s.searchQuestions, 8);
  assert.equal(s.searchFirst, 2 / 8);
  assert.equal(s.searchHit, 5 / 8);
  assert.equal(s.proseSearchQuestions, 6, 'prose and search questions, not identifier or anchor ones');
  assert.equal(s.proseSearchHit, 3 / 6);
  assert.equal(summarize([], 'ours').searchFirst, undefined, 'nothing asked');
});
