import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { kindsFor, normalizeSymbol, parseSearchQuery } from '../../src/search/index.js';

describe('query parsing', () => {
  test('parseSearchQuery takes filters out of the text', () => {
    const q = parseSearchQuery('save kind:function,method lang:ts path:./src/db "x"');
    assert.equal(q.text, 'save "x"');
    assert.deepEqual(q.kinds, ['function', 'method', 'constructor']);
    assert.deepEqual(q.languages, ['typescript']);
    assert.deepEqual(q.paths, ['src/db']);
  });

  test('kindsFor maps categories and stored kind names', () => {
    assert.deepEqual(kindsFor('type'), ['type_alias', 'enum', 'union']);
    assert.deepEqual(kindsFor('enum_member'), ['enum_member']);
    assert.equal(kindsFor('file'), undefined);
    assert.equal(kindsFor('gadget'), undefined);
  });
});

test('normalizeSymbol turns ::, # and -> into dots and drops a trailing ()', () => {
  assert.equal(normalizeSymbol(' Engine::serve() '), 'Engine.serve');
  assert.equal(normalizeSymbol('Foo#bar'), 'Foo.bar');
  assert.equal(normalizeSymbol('a->b'), 'a.b');
});
