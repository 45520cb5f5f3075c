import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';

const names = async (source: string): Promise<string[]> =>
  (await extractSource('cpp', source, 'src/x.hpp')).symbols.map((s) => `${s.kind} ${s.name}@${s.startLine}`);

test('C++ functions and methods returning a reference are definitions, and their locals are not fields', async () => {
  const source = [
    'template<class Key, class T>',
    'struct ordered_map',
    '{',
    '    T& at(const Key& key)',
    '    {',
    '        for (auto it = begin(); it != end(); ++it) { return it->second; }',
    '    }',
    '    const T&& moved() const',
    '    {',
    '        return 1;',
    '    }',
    '};',
    'int& counter()',
    '{',
    '    static int n = 0;',
    '    return n;',
    '}',
    '',
  ].join('\n');
  const found = await names(source);
  for (const expected of ['method at@4', 'method moved@8', 'function counter@13']) assert.ok(found.includes(expected), `${expected} not in ${found.join(', ')}`);
  assert.ok(!found.some((s) => s.startsWith('field it')), found.join(', '));
});

test('C++ specializations with nested template arguments are named by their template, on one line', async () => {
  const source = [
    'namespace detail {',
    'template<typename It>',
    'struct iterator_types <',
    '    It,',
    '    void_t<typename std::iterator_traits<It>::value_type>>',
    '{',
    '    using value_type = int;',
    '};',
    'template<class T>',
    'void holder<std::vector<T>>::reset()',
    '{',
    '}',
    '}',
    '',
  ].join('\n');
  const symbols = (await extractSource('cpp', source, 'src/x.hpp')).symbols;
  const types = symbols.find((s) => s.startLine === 3);
  assert.equal(types?.name, 'iterator_types');
  assert.equal(types?.qualifiedName, 'detail.iterator_types');
  assert.ok(symbols.some((s) => s.name === 'reset' && s.qualifiedName === 'detail.holder.reset'), symbols.map((s) => s.qualifiedName).join(', '));
  for (const s of symbols) assert.doesNotMatch(s.qualifiedName, /[<>\n]/);
});

test('a C "function" named by a reserved word is the grammar recovering, not a definition', async () => {
  const source = [
    'static int check(unsigned long n, unsigned long p)',
    '{',
    '\tif (n > 1) {',
    '#pragma GCC diagnostic push',
    '\t\tif (n / p <= 3)',
    '\t\t\tgoto fail;',
    '#pragma GCC diagnostic pop',
    '\t}',
    '#ifdef EXTRA',
    '\telse if (n > 128 / p) {',
    '\t\treport(n);',
    '\t\tgoto fail;',
    '\t}',
    '#endif',
    '\treturn 0;',
    'fail:',
    '\treturn -1;',
    '}',
    '',
  ].join('\n');
  const extraction = await extractSource('c', source, 'src/check.c');
  assert.deepEqual(extraction.symbols.map((s) => `${s.kind} ${s.name}@${s.startLine}`), ['function check@1']);
  // The code of the recovered block is the function's around it.
  assert.deepEqual(extraction.refs.filter((r) => r.name === 'report').map((r) => extraction.symbols[r.from]?.name), ['check']);
});

test('a word C++ reserves is a plain name in C', async () => {
  const source = ['struct ex { int try; int catch; bool noexcept; };', 'int try(int x) { return x; }', ''].join('\n');
  const inC = (await extractSource('c', source, 'src/ex.c')).symbols.map((s) => `${s.kind} ${s.name}`);
  assert.deepEqual(inC, ['struct ex', 'field try', 'field catch', 'field noexcept', 'function try']);
});

test('a C++ member named by a reserved word is the grammar recovering from a trailing return type, not a definition', async () => {
  const source = [
    '#pragma once',
    '',
    '',
    '',
    'LIB_NAMESPACE_BEGIN',
    '',
    'template<typename Value, typename>',
    'struct converter',
    '{',
    '    template<typename Json, typename OutputType = Value>',
    '    static auto load(Json && j, OutputType& val) noexcept(',
    '        noexcept(::lib::load(std::forward<Json>(j), val)))',
    '    -> decltype(::lib::load(std::forward<Json>(j), val), void())',
    '    {',
    '        ::lib::load(std::forward<Json>(j), val);',
    '    }',
    '',
    '    template<typename Json, typename OutputType = Value>',
    '    static auto load(Json && j) noexcept(',
    '    noexcept(::lib::load(std::forward<Json>(j), detail::tag<OutputType> {})))',
    '    -> decltype(::lib::load(std::forward<Json>(j), detail::tag<OutputType> {}))',
    '    {',
    '        return ::lib::load(std::forward<Json>(j), detail::tag<OutputType> {});',
    '    }',
    '',
    '    template<typename Json, typename OutputType = Value>',
    '    static auto store(Json& j, OutputType && val) noexcept(',
    '        noexcept(::lib::store(j, std::forward<OutputType>(val))))',
    '    -> decltype(::lib::store(j, std::forward<OutputType>(val)), void())',
    '    {',
    '        ::lib::store(j, std::forward<OutputType>(val));',
    '    }',
    '};',
    '',
    'LIB_NAMESPACE_END',
    '',
  ].join('\n');
  assert.deepEqual(await names(source), ['struct converter@8', 'method load@11', 'method load@19', 'method store@27']);
});
