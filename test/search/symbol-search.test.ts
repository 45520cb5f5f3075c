import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { searchSymbols } from '../../src/search/index.js';
import { openGeneratedProject, type OpenedProject } from '../support/fixture-project.js';
import { openFixture, type OpenFixture } from '../graph/open-fixture.js';
import { DOC_AND_MESSAGE_TWINS } from './fixtures/doc-and-message-twins.js';

let shop: OpenFixture;
before(async () => {
  shop = await openFixture('shop', import.meta.url);
});
after(() => shop.close());

const names = (query: string, options: Parameters<typeof searchSymbols>[2] = {}): string[] =>
  searchSymbols(shop.index.store, query, options).matches.map((m) => m.node.qualifiedName);

/** Asserts that `first` is found and comes before `then` in `found` (which may lack `then`). */
function precedes(found: readonly string[], first: string, then: string): void {
  const at = found.indexOf(first);
  assert.ok(at >= 0 && (found.indexOf(then) < 0 || at < found.indexOf(then)), `${first} before ${then}: ${found.join(', ')}`);
}

describe('searchSymbols', () => {
  test('an exact name ranks first', () => {
    assert.equal(names('priceOf')[0], 'priceOf');
    assert.equal(names('OrderService')[0], 'OrderService');
  });

  test('camelCase and snake_case segments match across spellings', () => {
    assert.ok(names('discount rate').includes('discountRate'));
    assert.equal(names('large orders')[0], 'OrderService.large_orders');
    assert.ok(names('money').includes('formatMoney'));
  });

  test('a word finds the names that abbreviate it', () => {
    // `Repo` says "repository" nowhere; `MemoryRepo`'s docstring does.
    const found = names('repository');
    assert.ok(found.includes('Repo'), found.join(', '));
    assert.deepEqual(names('repositories kind:interface'), ['Repo']);
  });

  test('test files rank after everything else', () => {
    const checkout = names('checkout');
    assert.equal(checkout[0], 'Cart.checkout');
    assert.equal(checkout[checkout.length - 1], 'testCheckoutEmptiesCart');
    const place = names('place');
    assert.equal(place[0], 'OrderService.place');
    assert.equal(place.at(-1), 'test_place_stores_order');
  });

  test('a qualified name finds its member', () => {
    assert.equal(names('Cart.total')[0], 'Cart.total');
    assert.equal(names('Cart::total')[0], 'Cart.total');
  });

  test('the kind parameter and kind: filter agree and type covers aliases', () => {
    assert.deepEqual(names('Listener', { kind: 'type' }), ['Listener']);
    assert.deepEqual(names('Listener kind:type'), ['Listener']);
    assert.deepEqual(names('cart', { kind: 'interface' }), ['CartLine']);
  });

  test('lang: and path: restrict to files', () => {
    for (const m of searchSymbols(shop.index.store, 'order lang:python').matches) assert.match(m.node.path, /\.py$/);
    for (const m of searchSymbols(shop.index.store, 'cart path:src/db').matches) assert.match(m.node.path, /^src\/db\//);
  });

  test('filters alone list matching symbols', () => {
    assert.deepEqual(names('kind:class lang:ts'), ['Cart', 'MemoryRepo']);
  });

  test('a docstring word finds symbols through the full-text index', () => {
    assert.ok(names('discounts').includes('Cart.total'));
  });
});

describe('searchSymbols on equal scores', () => {
  let project: OpenedProject;
  before(async () => {
    // Two same-named classes that score alike; only the later path is used, by three modules.
    const users = Object.fromEntries(['one', 'two', 'three'].map((n) => [`app/${n}.py`, `from z_core.widget import Widget\n\ndef make_${n}():\n    return Widget()\n`]));
    project = await openGeneratedProject({ 'a_lib/widget.py': 'class Widget:\n    pass\n', 'z_core/widget.py': 'class Widget:\n    pass\n', ...users });
  });
  after(() => project.close());

  test('the symbol more of the project points at comes first, whatever its path', () => {
    const found = searchSymbols(project.index.store, 'Widget', { fuzzy: false }).matches.filter((m) => m.node.name === 'Widget');
    assert.deepEqual(found.map((m) => m.node.path), ['z_core/widget.py', 'a_lib/widget.py']);
    assert.equal(found[0]?.score, found[1]?.score);
  });
});

describe('searchSymbols and deprecation', () => {
  // Two functions with the same documentation; only the mark under the second's differs between the projects.
  const source = (mark: string): Record<string, string> => ({
    'args.go': [
      'package args',
      '',
      '// ExactCount returns an error unless there are exactly n positional args.',
      'func ExactCount(n int) int { return n }',
      '',
      '// ExactCountOld returns an error unless there are exactly n positional args.',
      '//',
      `// ${mark}`,
      'func ExactCountOld(n int) int { return ExactCount(n) }',
      '',
    ].join('\n'),
  });
  const scores = async (mark: string): Promise<Map<string, number>> => {
    const project = await openGeneratedProject(source(mark));
    try {
      return new Map(searchSymbols(project.index.store, 'exactly n positional args').matches.map((m) => [m.node.name, m.score]));
    } finally {
      project.close();
    }
  };
  const ratio = (s: Map<string, number>): number => (s.get('ExactCountOld') ?? Number.NaN) / (s.get('ExactCount') ?? Number.NaN);

  test('a definition its documentation marks deprecated scores lower than its unmarked twin, and below the one it names instead', async () => {
    const unmarked = await scores('Use ExactCount instead.');
    const marked = await scores('Deprecated: use ExactCount instead.');
    assert.ok(ratio(marked) < 0.8 * ratio(unmarked), `marked ${ratio(marked)}, unmarked ${ratio(unmarked)}`);
    assert.ok(ratio(marked) < 1, `marked ${ratio(marked)}`);
  });
});

describe('searchSymbols and the forms the porter stemmer keeps apart', () => {
  let project: OpenedProject;
  before(async () => {
    // In each file the first function wins a tie by its place: only the others' docstrings hold the other form.
    project = await openGeneratedProject({
      'check/check.go': [
        'package check',
        '',
        '// CheckA fails unless there are n args.',
        'func CheckA(n int) int { return n }',
        '',
        '// CheckB fails unless there are exactly n args.',
        'func CheckB(n int) int { return n }',
        '',
        '// CheckC fails unless there are n args, the count exact.',
        'func CheckC(n int) int { return n }',
        '',
      ].join('\n'),
      'order/order.go': [
        'package order',
        '',
        '// SetOrder keeps the order of the steps.',
        'func SetOrder(n int) int { return n }',
        '',
        '// WithOrder customizes the order of the steps.',
        'func WithOrder(n int) int { return n }',
        '',
      ].join('\n'),
    });
  });
  after(() => project.close());
  const order = (query: string): string[] => searchSymbols(project.index.store, query).matches.map((m) => m.node.name);
  const precedesIn = (found: readonly string[], first: string, then: string): void =>
    assert.ok(found.indexOf(first) >= 0 && found.indexOf(first) < found.indexOf(then), `${first} before ${then}: ${found.join(', ')}`);

  test('a sentence\'s adjective finds the docstring that writes its adverb, and its adverb the adjective', () => {
    precedesIn(order('an exact number of args'), 'CheckB', 'CheckA');
    precedesIn(order('fails when not exactly given args'), 'CheckC', 'CheckA');
  });

  test('a question written the British way finds a docstring written the American way', () => {
    precedesIn(order('how is the order of steps customised'), 'WithOrder', 'SetOrder');
  });
});

describe('searchSymbols and the words of string literals', () => {
  // Two handlers alike in name and body; only the header the second reads is in a literal.
  const files = {
    'auth.js': [
      'function keyFromQuery(req) {',
      '  return req.query.token;',
      '}',
      'function keyFromRequest(req) {',
      "  return req.headers['x-api-key'];",
      '}',
      'module.exports = { keyFromRequest, keyFromQuery };',
      '',
    ].join('\n'),
  };

  test('a symbol whose literals hold a word of the sentence ranks above its twin, and no symbol is found by its literals alone', async () => {
    const project = await openGeneratedProject(files);
    try {
      const found = searchSymbols(project.index.store, 'read the key from the api header').matches.map((m) => m.node.name);
      assert.ok(found.indexOf('keyFromRequest') >= 0 && found.indexOf('keyFromRequest') < found.indexOf('keyFromQuery'), found.join(', '));
      assert.deepEqual(searchSymbols(project.index.store, 'where is the api header read').matches.map((m) => m.node.name), []);
    } finally {
      project.close();
    }
  });
});

describe('searchSymbols weighs a sentence and a list of words apart', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject(DOC_AND_MESSAGE_TWINS);
  });
  after(() => project.close());
  const scores = (query: string): Map<string, number> => new Map(searchSymbols(project.index.store, query).matches.map((m) => [m.node.name, m.score]));

  test('a list of words weighs a docstring above a message', () => {
    const list = scores('drops stale cache entries');
    assert.ok((list.get('alpha') ?? 0) > (list.get('gamma') ?? Infinity), JSON.stringify([...list]));
  });

  test('a sentence weighs a message at least as much as a docstring', () => {
    const sentence = scores('where are the stale cache entries dropped');
    assert.ok(sentence.has('alpha') && sentence.has('gamma'), JSON.stringify([...sentence]));
    assert.ok((sentence.get('gamma') ?? 0) >= (sentence.get('alpha') ?? Infinity) - 1e-9, JSON.stringify([...sentence]));
  });
});

describe('searchSymbols for a qualified name written with its package', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({
      'src/main/java/com/acme/Cart.java': 'package com.acme;\n\npublic class Cart {\n  public int total() { return 0; }\n}\n',
      // Holds more of the written name's words than the method does.
      'src/main/java/com/acme/AcmeCartTotals.java': 'package com.acme;\n\n/** Cart totals for acme. */\npublic class AcmeCartTotals {\n  public int cartTotal() { return 0; }\n}\n',
    });
  });
  after(() => project.close());

  test('the definition its end names comes first, alone or written in a sentence', () => {
    for (const query of ['com.acme.Cart.total', 'how does com.acme.Cart.total work']) {
      const found = searchSymbols(project.index.store, query).matches.map((m) => m.node.qualifiedName);
      assert.equal(found[0], 'Cart.total', `${query}: ${found.join(', ')}`);
    }
  });
});

describe('searchSymbols for a list of names', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({
      'args.go': [
        'package args',
        '',
        '// ExactArgs checks for exactly n args.',
        'func ExactArgs(n int) int { return n }',
        '',
        '// RangeArgs checks for a range of args.',
        'func RangeArgs(a int, b int) int { return a }',
        '',
        '// MatchAll combines several checks.',
        'func MatchAll(fs ...int) int { return 0 }',
        '',
        '// Combined returns zero.',
        'func Combined(n int) int { return ExactArgs(n) + RangeArgs(n, n) }',
        '',
      ].join('\n'),
    });
  });
  after(() => project.close());

  test('a name the list gives comes before a function that uses two of them', () => {
    const found = searchSymbols(project.index.store, 'ExactArgs RangeArgs MatchAll').matches.map((m) => m.node.name);
    assert.ok(['ExactArgs', 'RangeArgs'].includes(found[0] ?? ''), found.join(', '));
    assert.ok(found.indexOf('Combined') > found.indexOf('ExactArgs'), found.join(', '));
  });
});

describe('searchSymbols for a sentence that writes names in code form', () => {
  let project: OpenedProject;
  const header = 'def parse_header(value):\n    """Parse a request header value into its options, split on semicolons."""\n    return value.split(";")\n';
  const sets = (n: number): string => Array.from({ length: n }, (_, i) => `class Store${i}:\n    def read_options(self):\n        return {}\n`).join('');
  before(async () => {
    project = await openGeneratedProject({
      'web/headers.py': header,
      'web/check.py': 'class Checker:\n    def check_value(self, value):\n        return value\n',
      'web/stores.py': sets(4),
      'web/images.py': [
        'from flask import Flask',
        'app = Flask(__name__)',
        '',
        "@app.route('/image_proxy')",
        'def image_proxy():',
        '    return fetch()',
        '',
        "@app.route('/preferences', methods=['POST'])",
        'def store_choices():',
        '    return 1',
        '',
      ].join('\n'),
      'att/signed.js': [
        '/** The length of the signature that ends a signed write: a signed write carries its signature and a sign counter. */',
        'const SIGNED_WRITE_SIGNATURE_LENGTH = 12;',
        '/** Checks a write. */',
        'function handleSigned(pdu) { return verifySignature(pdu, SIGNED_WRITE_SIGNATURE_LENGTH); }',
        '',
      ].join('\n'),
      'queue/engine.py': [
        'class Engine:',
        '    class Pool:',
        '        """Connections."""',
        '',
        '        def get(self):',
        '            """Hands out a free socket, or opens one."""',
        '            return None',
        '',
      ].join('\n'),
      'queue/queue_pool.py': [
        'class QueuePool:',
        '    """A pool of connections kept in a queue: an idle connection is reused, and an overflow connection is opened when none is idle."""',
        '',
        '    def _do_get(self):',
        '        """Returns an idle connection from the pool, or opens an overflow connection when none is idle."""',
        '        return None',
        '',
      ].join('\n'),
      'orm/session.py': [
        'class Session:',
        '    def flush(self):',
        '        """Writes pending changes."""',
        '        return self._flush()',
        '',
        '    def _flush(self):',
        '        return 1',
        '',
        'class Flusher:',
        '    def order_dependent_flush(self):',
        '        """Orders the dependent work of a flush."""',
        '        return 2',
        '',
        '    def flush_work_in_order(self):',
        '        """Flushes dependent work in order."""',
        '        return 3',
        '',
      ].join('\n'),
      'pool/Pool.java': [
        'public class Pool {',
        '  /** Creates a pool: each new task may start a new worker thread, queue the task in the work queue, or reject the task;',
        '   *  a worker thread takes each queued task, and a rejected task goes to the reject handler; start, queue, reject. */',
        '  public Pool(int workers) {}',
        '  public void execute(Runnable task) {}',
        '}',
        '',
      ].join('\n'),
    });
  });
  after(() => project.close());
  const top = (query: string): string | undefined => searchSymbols(project.index.store, query, { fuzzy: false }).matches[0]?.node.qualifiedName;

  test('the symbol named ranks above what only shares the sentence\'s words', () => {
    // parse_header's name and docstring hold the questions' other words.
    assert.equal(top('when does check_value split a header'), 'Checker.check_value');
    assert.equal(top('how does Checker.check_value split a request header into options'), 'Checker.check_value');
  });

  const all = (query: string): string[] => searchSymbols(project.index.store, query, { fuzzy: false }).matches.map((m) => m.node.qualifiedName);

  test('in a sentence, a member that scores at least half its class\'s comes before the class; a list of words keeps the class first', () => {
    const query = 'when does the queue pool open an overflow connection for an idle connection';
    const sentence = all(query);
    precedes(sentence, 'QueuePool._do_get', 'QueuePool');
    assert.ok(sentence.includes('QueuePool'));
    precedes(all('queue pool overflow connection idle'), 'QueuePool', 'QueuePool._do_get');
    assert.equal(searchSymbols(project.index.store, query, { fuzzy: false, limit: 1 }).matches[0]?.node.qualifiedName, sentence[0], 'the first answer whatever the limit');
    assert.equal(all('how does Engine.Pool hand out a free socket')[0], 'Engine.Pool', 'nothing goes before a symbol the sentence names by its path');
  });

  test('in a sentence, a function that scores at least a third of a constant\'s comes before it; a list of words keeps the constant first', () => {
    const sentence = all('how is the signature of a signed write checked');
    precedes(sentence, 'handleSigned', 'SIGNED_WRITE_SIGNATURE_LENGTH');
    assert.ok(sentence.includes('SIGNED_WRITE_SIGNATURE_LENGTH'));
    precedes(all('signature signed write checked'), 'SIGNED_WRITE_SIGNATURE_LENGTH', 'handleSigned');
  });

  test('in a sentence, a shown route\'s handler comes right before it; a list of words keeps the route first', () => {
    const sentence = all('which endpoint is the image proxy');
    assert.equal(sentence.indexOf('image_proxy'), sentence.indexOf('GET /image_proxy') - 1, sentence.join(', '));
    assert.ok(sentence.includes('image_proxy'));
    precedes(all('image proxy endpoint'), 'GET /image_proxy', 'image_proxy');
  });

  test('a route the sentence writes ranks first, its handler right before it', () => {
    // parse_header's name and docstring hold every other word of the question.
    const sentence = all('which function answers POST /preferences when a request header value is split into its options');
    assert.deepEqual(sentence.slice(0, 2), ['store_choices', 'POST /preferences'], sentence.join(', '));
    // The path alone names the route of any method; a route of another path is none.
    assert.deepEqual(all('what is done for /preferences here').slice(0, 2), ['store_choices', 'POST /preferences']);
    assert.deepEqual(all('which function answers GET /image_proxy when a request header value is split into its options').slice(0, 2), ['image_proxy', 'GET /image_proxy']);
  });

  test('in a sentence, a shown route\'s handler that no word matched is read and comes right before it', () => {
    const sentence = all('which handler takes the POSTed preferences form');
    assert.equal(sentence.indexOf('store_choices'), sentence.indexOf('POST /preferences') - 1, sentence.join(', '));
    assert.ok(sentence.includes('store_choices'), sentence.join(', '));
    // A kind filter is kept: the handler is no route.
    assert.ok(!all('which handler takes the POSTed preferences form kind:route').includes('store_choices'));
  });

  test('a written path ranks first, however much more of the sentence another symbol\'s docstring holds', () => {
    const query = 'how does Pool.execute decide whether to start a new worker thread, queue the task, or reject it';
    assert.equal(top(query), 'Pool.execute');
    const others = searchSymbols(project.index.store, query.replace('Pool.execute', 'the pool'), { fuzzy: false }).matches;
    assert.equal(others[0]?.node.qualifiedName, 'Pool.Pool', 'without the path, the docstring\'s words lead');
  });

  test('a written path\'s best ranked helper comes right after it; without the path it stays below what holds more of the words', () => {
    const written = all('how does Session.flush order the dependent work');
    assert.deepEqual(written.slice(0, 2), ['Session.flush', 'Session._flush'], written.join(', '));
    const prose = all('how does the session flush order the dependent work');
    assert.ok(prose.indexOf('Session._flush') > 2, prose.join(', '));
  });

  test('a name more than three symbols bear ranks as its words do, and a listed name gains less than a written one: what holds the list\'s other words still leads', () => {
    assert.equal(top('how does read_options handle a header'), 'parse_header');
    assert.equal(top('check_value split header'), 'parse_header');
  });
});

describe('searchSymbols for a name many symbols bear, written in a sentence', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({
      'auth/tokens.py': [
        'def check_token(token, secret):',
        '    """Verify a signed session token against the secret."""',
        '    return token == secret',
        '',
        'def renew(token):',
        '    """Verify a signed session token for its caller and tell whether it expired."""',
        '    return token',
        '',
      ].join('\n'),
      'auth/clients.py': [0, 1, 2, 3].map((i) => `class Client${i}:\n    def check_token(self):\n        return True\n`).join('\n'),
      // A test's bearer holding the whole sentence is not the one it means.
      'tests/test_tokens.py': 'def check_token():\n    """Verify a signed session token for its caller and tell whether it expired."""\n    return True\n',
    });
  });
  after(() => project.close());

  test('the one bearer whose text holds most of the sentence gains as a written name does', () => {
    // Five symbols are named check_token; without the bonus `renew` holds more of the sentence.
    const found = searchSymbols(project.index.store, 'how does check_token verify a signed session token for its caller and tell whether it expired', { fuzzy: false });
    assert.deepEqual(found.matches.slice(0, 2).map((m) => `${m.node.path}:${m.node.qualifiedName}`), ['auth/tokens.py:check_token', 'auth/tokens.py:renew']);
  });
});

describe('searchSymbols for one name', () => {
  let project: OpenedProject;
  before(async () => {
    // Constructors that repeat their class's name, and a lower-case method whose docstring says the name often.
    const widget = [
      'public class TimSort {',
      '  /** Creates a TimSort: a tim sort over the array, sorting runs as TimSort does. */',
      '  TimSort(int[] a) {}',
      '  /** Creates a TimSort with a work array for the tim sort. */',
      '  TimSort(int[] a, int[] work) {}',
      '}',
      '',
    ].join('\n');
    const factory = [
      'public class Factory {',
      '  /** The widget: makes a widget, a widget the widget factory keeps. */',
      '  public Object widget(Object widget) { return widget; }',
      '}',
      '',
      'class Widget {',
      '  Widget() {}',
      '}',
      '',
    ].join('\n');
    const money = [
      'public class Money {',
      '  /** The roundingMode: the rounding mode this money rounds with, a RoundingMode. */',
      '  private RoundingMode roundingMode;',
      '  /** Sets the rounding mode. */',
      '  void round(RoundingMode mode) { this.roundingMode = mode; }',
      '}',
      '',
      'enum RoundingMode { UP, DOWN }',
      '',
    ].join('\n');
    project = await openGeneratedProject({ 'src/TimSort.java': widget, 'src/Factory.java': factory, 'src/Money.java': money });
  });
  after(() => project.close());

  test('the type typed comes before its constructors and before the name in another case', () => {
    const first = (query: string): string => {
      const node = searchSymbols(project.index.store, query, { fuzzy: false }).matches[0]?.node;
      return `${node?.kind ?? ''} ${node?.qualifiedName ?? ''}`;
    };
    assert.equal(first('TimSort'), 'class TimSort');
    assert.equal(first('Widget'), 'class Widget');
    assert.equal(first('widget'), 'method Factory.widget');
    assert.equal(first('RoundingMode'), 'enum RoundingMode');
  });
});

describe('searchSymbols for a type a sentence spells in words', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({
      'sql/compilers.py': [
        'class SqlCompiler:',
        '    def limit_clause(self, select):',
        '        return select',
        '',
        'class MssqlCompiler(SqlCompiler):',
        '    def limit_clause(self, select):',
        '        """Renders the limit as TOP."""',
        '        return select',
        '',
      ].join('\n'),
      'sql/compilers.go': [
        'package sql',
        '',
        'type PgCompiler struct{}',
        'type OraCompiler struct{}',
        '',
        'func (c *PgCompiler) LimitClause() string { return "" }',
        '',
        '// LimitClause renders the limit as ROWNUM.',
        'func (c *OraCompiler) LimitClause() string { return "" }',
        '',
      ].join('\n'),
      'sql/accessors.py': [
        'class RowReader:',
        ...Array.from({ length: 40 }, (_, i) => `    def read_column${i}(self):\n        return ${i}\n`),
        '',
      ].join('\n'),
    });
  });
  after(() => project.close());
  const all = (query: string): string[] => searchSymbols(project.index.store, query, { fuzzy: false }).matches.map((m) => m.node.qualifiedName);

  test('a member of the type a sentence spells in words ranks above another type\'s member of that name', () => {
    // The dialect's method's docstring holds more of the sentence.
    precedes(all('how does the SQL compiler render the limit clause'), 'SqlCompiler.limit_clause', 'MssqlCompiler.limit_clause');
    precedes(all('how is the limit clause rendered'), 'MssqlCompiler.limit_clause', 'SqlCompiler.limit_clause');
  });

  test('a Go method, declared beside its struct, is its member', () => {
    precedes(all('how does the pg compiler render the limit clause'), 'PgCompiler.LimitClause', 'OraCompiler.LimitClause');
  });

  test('of a type\'s many members holding a word of the sentence, at most ten gain', () => {
    const found = searchSymbols(project.index.store, 'how does the row reader read a column', { fuzzy: false, limit: 60 }).matches;
    const members = found.filter((m) => m.node.qualifiedName.startsWith('RowReader.read_column'));
    const type = found.find((m) => m.node.qualifiedName === 'RowReader');
    assert.equal(members.length, 40, found.map((m) => m.node.qualifiedName).join(', '));
    // Members alike but for the gain: ten rank above their class with it, the rest below without.
    assert.equal(members.filter((m) => m.score > (type?.score ?? Infinity)).length, 10);
  });
});

describe('searchSymbols for a type a sentence spells in words, and what is not its member', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({
      'sql/helpers.py': [
        'class SqlCompiler:',
        '    def visit(self):',
        '        def limit_helper():',
        '            return 1',
        '        return limit_helper()',
        '',
        '    def sql_text(self):',
        '        return ""',
        '',
        'class OraCompiler:',
        '    def limit_helper(self):',
        '        """Limit helper of a compiler."""',
        '        return 2',
        '',
      ].join('\n'),
    });
  });
  after(() => project.close());
  const all = (query: string): string[] => searchSymbols(project.index.store, query, { fuzzy: false }).matches.map((m) => m.node.qualifiedName);

  test('neither a member\'s local function nor a member holding only the type\'s own words gains', () => {
    precedes(all('how does the SQL compiler use the limit helper'), 'OraCompiler.limit_helper', 'SqlCompiler.visit.limit_helper');
    // Members of a class rank before it when they score half as much, so the scores are compared.
    const scores = new Map(searchSymbols(project.index.store, 'how does the SQL compiler render', { fuzzy: false }).matches.map((m) => [m.node.qualifiedName, m.score]));
    assert.ok((scores.get('SqlCompiler.sql_text') ?? Infinity) < (scores.get('SqlCompiler') ?? 0), [...scores].join(', '));
  });
});
