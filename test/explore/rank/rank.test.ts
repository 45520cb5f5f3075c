import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { indexData } from '../../../src/explore/data/index-data.js';
import { understandQuery } from '../../../src/explore/query/understand.js';
import { rank } from '../../../src/explore/rank/rank.js';
import { openFixture, withGeneratedData, type OpenProject } from '../support.js';
import { BUNDLED_PACKAGE } from '../../search/fixtures/bundled-package.js';

let shop: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
});
after(() => shop.close());

const ranked = (query: string) => {
  const data = indexData(shop.index.store);
  return rank(understandQuery(query, data, 4), data);
};

test('a helper the leading callable calls in another file ranks with it', () => {
  const r = ranked('how does checkout apply discounts');
  const checkout = r.symbols.find((s) => s.node.qualifiedName === 'Cart.checkout');
  const emit = r.symbols.find((s) => s.node.name === 'emit');
  assert.ok(checkout !== undefined && emit !== undefined);
  assert.ok(emit.base >= 0.5 * checkout.base, `emit ${emit.base} against checkout ${checkout.base}`);
  const files = r.files.map((f) => f.path);
  assert.ok(files.indexOf('src/events.ts') < files.indexOf('tests/cart.test.ts'), files.join(', '));
});

test('ranking is deterministic for the same index and query', () => {
  const a = ranked('how does checkout apply discounts');
  const b = ranked('how does checkout apply discounts');
  assert.deepEqual(a.symbols.map((s) => [s.node.id, s.score]), b.symbols.map((s) => [s.node.id, s.score]));
});

test('a leader that only delegates to a same-file method is looked through to that method\'s helpers', async () => {
  await withGeneratedData({
    'work.py': 'class Work:\n    def execute(self):\n        return 1\n',
    'session.py': [
      'from work import Work',
      '',
      'class Session:',
      '    def flush(self):',
      '        return self._run()',
      '',
      '    def _run(self):',
      '        uow = Work()',
      '        return uow.execute()',
      '',
    ].join('\n'),
  }, (data) => {
    const r = rank(understandQuery('how does Session.flush write changes', data, 4), data);
    const execute = r.symbols.find((s) => s.node.qualifiedName === 'Work.execute');
    const flush = r.symbols.find((s) => s.node.qualifiedName === 'Session.flush');
    assert.ok(execute !== undefined && flush !== undefined);
    // Two steps weaker than the leader, far above what the graph walk alone gives a helper.
    assert.ok(execute.base >= 0.3 * flush.base, JSON.stringify(r.symbols.map((s) => [s.node.qualifiedName, s.base])));
    assert.ok(r.files.some((f) => f.path === 'work.py'));
  });
});

test('a definition named only by a plain word of a sentence gets half the bonus it gets in a list of names', async () => {
  await withGeneratedData({
    'tree.py': 'class Collector:\n    def nested(self, items):\n        return items\n',
  }, (data) => {
    const bonus = (query: string): number => {
      const hit = rank(understandQuery(query, data, 4), data).symbols.find((s) => s.node.qualifiedName === 'Collector.nested');
      assert.ok(hit !== undefined && hit.named, query);
      return hit.score - hit.base;
    };
    const prose = bonus('how are the nested items of a list matched against the tree');
    const name = bonus('nested items tree');
    assert.ok(prose > 0 && Math.abs(name - 2 * prose) < 1e-9, `in a sentence ${prose}, in a list of names ${name}`);
  });
});

test('a test suite that spells out every word of the question does not crowd the code it tests out of the ranking', async () => {
  // Sixty test methods each carry all the question's words; the code carries fewer of them.
  const tests = ['class FetchLimitOffsetTest:'];
  for (let i = 0; i < 60; i++) tests.push(`    def test_fetch_limit_offset_case${i}(self):`, '        return 1', '');
  await withGeneratedData({
    'sql/compiler.py': 'class Compiler:\n    def limit_offset(self, select):\n        return "LIMIT"\n',
    'tests/test_select.py': tests.join('\n'),
  }, (data) => {
    const r = rank(understandQuery('how are fetch limit offset rendered', data, 4), data);
    const code = r.symbols.find((s) => s.node.qualifiedName === 'Compiler.limit_offset');
    // Seeded by the term index (full-text search alone seeds at most 0.3).
    assert.ok(code !== undefined && code.text > 0.3, JSON.stringify(code));
  });
});

test('explore ranks a module before the bundle that copies it', async () => {
  await withGeneratedData(BUNDLED_PACKAGE, (data) => {
    assert.deepEqual([...data.bundles()], ['lib/bundle.js']);
    const ranked = rank(understandQuery('how is a query string split into pairs', data, 4), data);
    const first = ranked.symbols.find((s) => s.node.name === 'splitPairs');
    assert.equal(first?.node.path, 'lib/parse.js');
    assert.equal(ranked.files[0]?.path, 'lib/parse.js');
  });
});

test('a route the question names by its path lifts its handler, whose name shares no word with it', async () => {
  await withGeneratedData({
    'app.py': [
      'from flask import Flask',
      'app = Flask(__name__)',
      '',
      "@app.route('/preferences', methods=['POST'])",
      'def save_settings():',
      '    return 1',
      '',
      "@app.route('/about', methods=['POST'])",
      'def show_page():',
      '    return 2',
      '',
      'def preferences_form_fields():',
      '    return 3',
      '',
    ].join('\n'),
  }, (data) => {
    const r = rank(understandQuery('which handler takes the POSTed preferences form', data, 4), data);
    const names = r.symbols.map((s) => s.node.name);
    // The handler of the named path is seeded; the other route's, whose only shared word is its method, is not.
    const seedOf = (name: string) => r.symbols.find((s) => s.node.name === name)?.text ?? 0;
    assert.ok(seedOf('save_settings') > 0, names.join(', '));
    assert.equal(seedOf('show_page'), 0, names.join(', '));
  });
});

test('a definition its documentation marks deprecated ranks below its unmarked twin', async () => {
  await withGeneratedData({
    'codec.py': [
      'def decode_payload_old(data):',
      '    """Decode a framed payload into records.',
      '',
      '    .. deprecated:: 2.0 use decode_payload',
      '    """',
      '    return decode_payload(data)',
      '',
      'def decode_payload(data):',
      '    """Decode a framed payload into records."""',
      '    return data',
      '',
    ].join('\n'),
  }, (data) => {
    const r = rank(understandQuery('how is a framed payload decoded into records', data, 4), data);
    const score = (name: string) => r.symbols.find((s) => s.node.name === name)?.score ?? 0;
    assert.ok(score('decode_payload_old') > 0 && score('decode_payload_old') < 0.8 * score('decode_payload'), JSON.stringify(r.symbols.map((s) => [s.node.name, s.score])));
  });
});
