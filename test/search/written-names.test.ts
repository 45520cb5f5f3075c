import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isSentence, NO_WRITTEN_NAMES, writtenNames } from '../../src/search/written-names.js';

describe('writtenNames', () => {
  test('a path, in any of the separators, and the identifiers no prose word looks like', () => {
    assert.deepEqual(writtenNames('how does QuerySet.exclude negate its conditions compared to filter'), { paths: ['QuerySet.exclude'], names: [] });
    assert.deepEqual(writtenNames('where does Net::HTTP#get send the request'), { paths: ['Net.HTTP.get'], names: [] });
    assert.deepEqual(writtenNames('how does String.indexOf(String) search'), { paths: ['String.indexOf'], names: [] });
    assert.deepEqual(writtenNames('how does check_password verify a password, and getPathname a path'), { paths: [], names: ['check_password', 'getPathname'] });
    assert.deepEqual(writtenNames('is _filter_or_exclude, MAX_VALUE or __init__ used'), { paths: [], names: ['_filter_or_exclude', 'MAX_VALUE', '__init__'] });
  });

  test('a Rust impl block spelt out is a path, however the sentence writes it', () => {
    assert.deepEqual(writtenNames('how does Serialize for Option map Some and None').paths, ['impl Serialize for Option']);
    assert.deepEqual(writtenNames('where is the Display impl for Point').paths, ['impl Display for Point']);
    assert.deepEqual(writtenNames('what does impl Iterator for Lines yield').paths, ['impl Iterator for Lines']);
    // A stop word before `for` is no trait, and one after it no type.
    assert.deepEqual(writtenNames('what is used for parsing').paths, []);
    assert.deepEqual(writtenNames('how does it wait for the lock').paths, []);
  });

  test('plain words, short ones and PascalCase names (a place, not a target) are prose', () => {
    assert.deepEqual(writtenNames('How does the Router match a path'), { paths: [], names: [] });
    assert.deepEqual(writtenNames('how does a HashMap resize, a_b or iOS'), { paths: [], names: [] });
  });

  test('a text without a stop word gives none: one name is compared whole, a list asks what uses them all', () => {
    assert.deepEqual(writtenNames('QuerySet.exclude'), NO_WRITTEN_NAMES);
    assert.deepEqual(writtenNames('  check_password '), NO_WRITTEN_NAMES);
    assert.deepEqual(writtenNames('create_engine make_url QuerySet.exclude'), NO_WRITTEN_NAMES);
  });

  test('a stop word inside an identifier or a hyphenated name makes no sentence', () => {
    assert.deepEqual(writtenNames('allowed_to? roles_for_project builtin_role'), NO_WRITTEN_NAMES);
    assert.equal(isSentence('get_or_create set_to_default'), false);
    assert.equal(isSentence('X-Requested-With autocompleter'), false);
    assert.equal(isSentence('how does get_or_create work'), true);
    assert.equal(isSentence('parse a URL'), true);
  });
});
