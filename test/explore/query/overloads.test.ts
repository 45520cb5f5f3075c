import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parametersMatch, signatureParameters, splitParameters } from '../../../src/explore/query/overloads.js';

test('splitParameters splits at top-level commas only', () => {
  assert.deepEqual(splitParameters('Map<K, V> m, int[] a, Fn<(a, b)> f'), ['Map<K, V> m', 'int[] a', 'Fn<(a, b)> f']);
  assert.deepEqual(splitParameters('  '), []);
});

test('signatureParameters reads the list after the name, generic methods included', () => {
  assert.deepEqual(signatureParameters('public static <T> T first(List<T> xs, int n)', 'first'), ['List<T> xs', 'int n']);
  assert.deepEqual(signatureParameters('public Box<T>(T value)', 'Box'), ['T value']);
  assert.equal(signatureParameters('int size', 'size'), undefined);
});

test('parametersMatch compares counts and type names, with varargs taking the rest', () => {
  assert.equal(parametersMatch(['String'], ['String str']), true);
  assert.equal(parametersMatch(['String'], ['int ch']), false);
  assert.equal(parametersMatch(['byte[]', 'byte[]'], ['byte[] value', 'byte[] str']), true);
  assert.equal(parametersMatch(['List<String>'], ['List<T> xs']), true);
  assert.equal(parametersMatch(['String'], ['String a', 'int b']), false);
  assert.equal(parametersMatch(['String', 'int', 'int'], ['String f', 'Object... args']), true);
  assert.equal(parametersMatch(['java.lang.String'], ['final String s']), true);
});

test('signatureParameters skips an attribute or annotation spelled like the method', () => {
  assert.deepEqual(signatureParameters('[Get("x")] public Item Get(int id)', 'Get'), ['int id']);
  assert.deepEqual(signatureParameters('public Item Get (int id)', 'Get'), ['int id']);
  assert.deepEqual(signatureParameters('int operator+(int a)', 'operator+'), ['int a']);
});

test('parametersMatch reads `String s` by its type and strips nested generics', () => {
  assert.equal(parametersMatch(['String s'], ['String str']), true);
  assert.equal(parametersMatch(['int s'], ['String str']), false);
  assert.equal(parametersMatch(['Map'], ['List<Map<K, V>> xs']), false);
});
