import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileFactsOf } from '../../src/store/file-facts.js';
import { eachSymbolWithPrefix } from '../../src/store/full-text.js';
import type { SearchRow } from '../../src/store/full-text.js';
import { storePerTest } from './fixtures/fresh-store.js';
import { fileInfo, loadSample, userExtraction } from './fixtures/sample.js';

const current = storePerTest();

function rowNamed(name: string): SearchRow {
  let found: SearchRow | undefined;
  eachSymbolWithPrefix(current(), name.toLowerCase(), ['class', 'method', 'function'], 10, (row) => {
    if (row.name === name) found = row;
  });
  assert.ok(found !== undefined, `${name} is stored`);
  return found;
}

describe('file facts of search rows', () => {
  test('a symbol row carries its file\'s path, language and test flag', () => {
    loadSample(current());
    assert.deepEqual([rowNamed('UserService').path, rowNamed('UserService').language, rowNamed('UserService').isTest], ['src/user.ts', 'typescript', false]);
    assert.deepEqual([rowNamed('main').path, rowNamed('main').isTest], ['src/main.ts', true]);
  });

  test('facts kept for a file are read again after a write changes it', () => {
    loadSample(current());
    const before = rowNamed('UserService');
    current().replaceFile(fileInfo('src/user.ts', 2, 'javascript'), { ...userExtraction, language: 'javascript', isTest: true });
    const after = rowNamed('UserService');
    assert.equal(after.fileId, before.fileId, 'the file keeps its id, so only the revision tells the kept facts are old');
    assert.deepEqual([after.language, after.isTest], ['javascript', true]);
  });

  test('ids of files that do not exist get no facts', () => {
    loadSample(current());
    assert.equal(fileFactsOf(current(), [987_654]).has(987_654), false);
  });
});
