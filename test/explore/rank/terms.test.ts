import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { indexData } from '../../../src/explore/data/index-data.js';
import { pathTerms, proseTerms, termsOf } from '../../../src/explore/data/terms.js';
import { understandQuery } from '../../../src/explore/query/understand.js';
import { bodyHits } from '../../../src/explore/rank/body.js';
import { assemble } from '../../../src/explore/render/document.js';
import { openFixture, type OpenProject } from '../support.js';

let shop: OpenProject;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
});
after(() => shop.close());

test('termsOf, pathTerms and proseTerms stem and drop stop words', () => {
  assert.deepEqual(termsOf('_do_update'), ['updat']);
  assert.deepEqual(pathTerms('src/db/repo.ts'), ['src', 'db', 'repo']);
  assert.ok(proseTerms('Applies the discounts to orders').includes('discount'));
});

test('the term index prefers definitions whose names combine several query words', () => {
  const data = indexData(shop.index.store);
  const q = understandQuery('how are discounts applied', data, 4);
  assert.ok(q.terms.includes('discount'));
  const best = data.terms().match(q.terms, 5)[0];
  assert.equal(best === undefined ? undefined : data.nodes.get(best.id)?.name, 'applyDiscount');
});

test('a query word meets the names that abbreviate it', () => {
  const data = indexData(shop.index.store);
  // `Repo` says "repository" nowhere: only its name's abbreviation meets the question.
  const q = understandQuery('which repository is there', data, 4);
  const names = data.terms().match(q.terms, 10).map((m) => data.nodes.get(m.id)?.name);
  assert.ok(names.includes('Repo'), names.join(', '));
});

test('prose written like a path stays prose when it names no file', () => {
  const q = understandQuery('how does LIMIT/OFFSET paging work', indexData(shop.index.store), 4);
  assert.ok(q.words.includes('limit') && q.words.includes('offset'));
});

test('bodyHits scores definitions by the query terms their bodies use', () => {
  const lines = ['def helper():', '    return 1', '', 'def save_row(row):', '    if row.exists:', '        do_update(row)', '    else:', '        do_insert(row)'];
  const node = (id: number, name: string, startLine: number, endLine: number) => ({ id, name, kind: 'function', startLine, endLine }) as never;
  const hits = bodyHits(lines, [node(1, 'helper', 1, 2), node(2, 'save_row', 4, 8)], ['updat', 'insert'], () => 1);
  assert.deepEqual(hits.map((h) => [h.node.id, h.terms]), [[2, 2]]);
});

test('bodyHits reads a compound identifier also as its words written together', () => {
  const lines = ['def resolve(self, path):', '    for pattern in self.url_patterns:', '        return pattern'];
  const node = (id: number, name: string, startLine: number, endLine: number) => ({ id, name, kind: 'function', startLine, endLine }) as never;
  const hits = bodyHits(lines, [node(1, 'resolve', 1, 3)], ['urlpattern'], () => 1);
  assert.deepEqual(hits.map((h) => [h.node.id, h.terms]), [[1, 1]]);
  assert.deepEqual(bodyHits(['def f():', '    return url'], [node(1, 'f', 1, 2)], ['urlpattern'], () => 1), []);
});

test('bodyHits counts an abbreviation of a query term as the term', () => {
  const lines = ['func run(cmd *Command, args []string) error {', '    return validate(args)', '}'];
  const node = (id: number, name: string, startLine: number, endLine: number) => ({ id, name, kind: 'function', startLine, endLine }) as never;
  const hits = bodyHits(lines, [node(1, 'run', 1, 3)], ['argu', 'command'], () => 1);
  assert.deepEqual(hits.map((h) => [h.node.id, h.terms]), [[1, 2]]);
});

test('assemble cuts sections the query does not name before a named one', () => {
  const big = 'x'.repeat(900);
  const out = assemble({
    banner: () => '', title: 't', summary: [], flow: [], blast: [], dynamic: [], alsoRelevant: [], notes: [],
    sections: [
      { path: 'a.py', text: big, symbols: 1, drifted: false },
      { path: 'named.py', text: big, symbols: 1, drifted: false, named: true },
    ],
  }, 1500);
  assert.deepEqual(out.sections.map((s) => s.path), ['named.py']);
  assert.deepEqual(out.cut, ['a.py']);
});
