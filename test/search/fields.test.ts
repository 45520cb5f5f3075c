import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FIELD_WEIGHTS, NO_MATCH, SENTENCE_WEIGHTS, STRINGS_COLUMN, fieldScore, idf, weightsFor } from '../../src/search/fields.js';
import { SEARCH_COLUMNS } from '../../src/store/schema.js';

const bit = (column: (typeof SEARCH_COLUMNS)[number]): number => 1 << SEARCH_COLUMNS.indexOf(column);
/** 1000 rows; word 0 is rare (10 rows per column), word 1 common (500). */
const stats = { rows: 1000, frequencies: [[10, 10, 10, 10, 10], [500, 500, 500, 500, 500]] };

describe('fieldScore', () => {
  test('there is one weight per search column, and one for the string literals after them', () => {
    assert.equal(STRINGS_COLUMN, SEARCH_COLUMNS.length);
    for (const weights of [FIELD_WEIGHTS, SENTENCE_WEIGHTS]) assert.equal(weights.length, SEARCH_COLUMNS.length + 1);
  });

  test('a sentence weighs a docstring less and the literals more than a list of words does', () => {
    const docstring = SEARCH_COLUMNS.indexOf('docstring');
    assert.equal(weightsFor(false), FIELD_WEIGHTS);
    assert.equal(weightsFor(true), SENTENCE_WEIGHTS);
    assert.ok((SENTENCE_WEIGHTS[docstring] ?? 0) < (FIELD_WEIGHTS[docstring] ?? 0));
    assert.ok((SENTENCE_WEIGHTS[STRINGS_COLUMN] ?? 0) > (FIELD_WEIGHTS[STRINGS_COLUMN] ?? 0));
  });

  test('a word in the string literals weighs the match, and its count there leaves the word as rare as the symbol index makes it', () => {
    const literal = 1 << STRINGS_COLUMN;
    const withLiterals = { rows: 1000, frequencies: [[10, 10, 10, 10, 10, 900], [500, 500, 500, 500, 500, 0]] };
    const held = fieldScore([literal, 0], withLiterals);
    assert.equal(held.matched, 1);
    assert.ok(held.weighted > 0);
    assert.equal(held.coverage, fieldScore([bit('name'), 0], stats).coverage);
    assert.ok(held.weighted < fieldScore([bit('uses') | literal, 0], withLiterals).weighted);
  });

  test('a word in the name outweighs the same word in the body\'s uses', () => {
    const name = fieldScore([bit('name'), 0], stats);
    const used = fieldScore([bit('uses'), 0], stats);
    assert.ok(name.weighted > used.weighted);
    assert.equal(name.inName, 1);
    assert.equal(used.inUses, 1);
  });

  test('a docstring hit outweighs a signature hit', () => {
    assert.ok(fieldScore([bit('docstring'), 0], stats).weighted > fieldScore([bit('signature'), 0], stats).weighted);
  });

  test('a rare word counts more than a common one', () => {
    assert.ok(fieldScore([bit('name'), 0], stats).weighted > fieldScore([0, bit('name')], stats).weighted);
    assert.ok(idf(1000, 10) > idf(1000, 500));
  });

  test('coverage weighs the words held by their rarity', () => {
    const rare = fieldScore([bit('name'), 0], stats);
    const common = fieldScore([0, bit('name')], stats);
    assert.equal(rare.matched, 1);
    assert.equal(common.matched, 1);
    assert.ok(rare.coverage > 0.5 && common.coverage < 0.5);
    assert.equal(fieldScore([bit('name'), bit('docstring')], stats).coverage, 1);
  });

  test('each column holding a word adds its weight', () => {
    const one = fieldScore([bit('name'), 0], stats);
    const two = fieldScore([bit('name') | bit('qualified_name'), 0], stats);
    assert.ok(two.weighted > one.weighted);
  });

  test('a row holding no word scores nothing', () => {
    assert.deepEqual(fieldScore([0, 0], stats), { ...NO_MATCH, coverage: 0 });
  });
});
