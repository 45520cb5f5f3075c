import assert from 'node:assert/strict';
import { test } from 'node:test';
import { americanSpelling, britishSpelling, packagelessNames, spaceHumps, wholeInflectedAcronyms } from '../src/words.js';

test('spaceHumps puts a space where an identifier\'s words meet, and nowhere else', () => {
  const cases: [string, string][] = [
    ['getHttp', 'get Http'],
    ['HTTPServer', 'HTTP Server'],
    ['getHTTPResponse_v2', 'get HTTP Response_v2'],
    ['v2Parser', 'v2 Parser'],
    ['snake_case', 'snake_case'],
    ['ABC', 'ABC'],
    ['ABcDEf', 'A Bc D Ef'],
    ['', ''],
  ];
  for (const [input, expected] of cases) assert.equal(spaceHumps(input), expected, input);
});

test('a long run of capitals is returned whole, with a space only before the word that follows it', () => {
  const run = 'A'.repeat(50_000);
  assert.equal(spaceHumps(run), run);
  assert.equal(spaceHumps(`${run}Bc`), `${run} Bc`);
});

test('wholeInflectedAcronyms sets an acronym with a lowercase ending apart as one lowercase word', () => {
  assert.equal(wholeInflectedAcronyms('URLs'), ' urls ');
  assert.equal(wholeInflectedAcronyms('getIDsFor'), 'get ids For');
  assert.equal(wholeInflectedAcronyms('POSTed'), ' posted ');
  // A capital run followed by a capitalised word, or by a longer lowercase tail, is no inflection.
  assert.equal(wholeInflectedAcronyms('HTTPServer'), 'HTTPServer');
  assert.equal(wholeInflectedAcronyms('MBeans'), 'MBeans');
});

test('americanSpelling and britishSpelling respell -ise/-ize and -yse/-yze with their inflections, and -our as -or one way', () => {
  assert.equal(americanSpelling('customised'), 'customized');
  assert.equal(americanSpelling('serialisations'), 'serializations');
  assert.equal(americanSpelling('analysing'), 'analyzing');
  assert.equal(americanSpelling('behaviours'), 'behaviors');
  assert.equal(britishSpelling('customized'), 'customised');
  assert.equal(britishSpelling('paralyze'), 'paralyse');
  // Nothing to respell: the word itself; `-or` has too many words of its own to be read as American.
  for (const word of ['customize', 'parse', 'hour', 'error']) assert.equal(americanSpelling(word), word);
  for (const word of ['customise', 'size', 'error', 'author']) assert.equal(britishSpelling(word), word);
});

test('packagelessNames gives the ends of a qualified name after lowercase package parts, two parts or more, longest first', () => {
  assert.deepEqual(packagelessNames('java.util.ArrayList.grow'), ['util.ArrayList.grow', 'ArrayList.grow']);
  assert.deepEqual(packagelessNames('django.db.models.base.Model.save'), ['db.models.base.Model.save', 'models.base.Model.save', 'base.Model.save', 'Model.save']);
  // A type's part stops it, and a name of two parts has no shorter end of two.
  assert.deepEqual(packagelessNames('Outer.Inner.run'), []);
  assert.deepEqual(packagelessNames('cart.total'), []);
});
