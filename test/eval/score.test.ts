import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoreCallers, scoreExplore, searchRank } from './score.js';

const target = [{ file: 'lib/response.js', name: 'res.cookie', line: 862, headers: [{ line: 862, text: 'res.cookie = function (name, value, options) {' }] }];

describe('search rank', () => {
  it('reads name lines followed by a location line, in order', () => {
    const text = ['Found 3 symbols:', '', 'set (function)', '  lib/application.js:359', '', 'res.cookie (method)', '  lib/response.js:862'].join('\n');
    assert.equal(searchRank(text, target), 2);
  });

  it('reads bold names and bare locations', () => {
    const text = ['**Search Results (2 found)**', '', '**cookie** (variable)', 'lib/response.js:31', '`= require(\'cookie\')`', '', '**set** (function)', 'lib/application.js:359'].join('\n');
    assert.equal(searchRank(text, target), 1);
  });

  it('keeps underscores of qualified names', () => {
    const text = ['Found 1 symbol:', '', 'QuerySet._filter_or_exclude (method)', '  django/db/models/query.py:951'].join('\n');
    const t = [{ file: 'django/db/models/query.py', name: 'QuerySet._filter_or_exclude', headers: [{ line: 951, text: 'def _filter_or_exclude(self):' }] }];
    assert.equal(searchRank(text, t), 1);
  });

  it('reads names holding spaces, as routes and impl blocks print them, each a row of its own', () => {
    const text = [
      'Found 3 symbols for "how does Serialize for Option map None":', '',
      'impl Serialize for Option (impl)', '  src/ser/impls.rs:99', '  impl<T> Serialize for Option<T>', '',
      'GET /search (route)', '  searx/webapp.py:583', '',
      'search (function)', '  searx/webapp.py:640',
    ].join('\n');
    const impl = [{ file: 'src/ser/impls.rs', name: 'Option', headers: [{ line: 99, text: 'impl<T> Serialize for Option<T>' }] }];
    const handler = [{ file: 'searx/webapp.py', name: 'search', headers: [{ line: 640, text: 'def search():' }] }];
    assert.equal(searchRank(text, impl), 1);
    // The route's row counts, though it is no target: the handler listed after it is third.
    assert.equal(searchRank(text, handler), 3);
  });

  it('is undefined when no result is a target', () => {
    assert.equal(searchRank('**set** (function)\nlib/application.js:359\n', target), undefined);
  });
});

describe('callers score', () => {
  const truth = [{ file: 'lib/response.js', name: 'json' }, { file: 'lib/router/route.js', name: 'next', within: 'dispatch' }];

  it('counts right rows, wrong rows and callers found, accepting the enclosing definition', () => {
    const text = ['Callers of x (3 found)', '', '- res.json (method) - lib/response.js:250', '- Route.dispatch (method) - lib/router/route.js:101', '- status (method) - lib/response.js:67'].join('\n');
    const s = scoreCallers(text, truth);
    assert.deepEqual([s.reported, s.correct, s.found, s.truth], [3, 2, 2, 2]);
  });

  it('matches callers whose names start with an underscore', () => {
    const s = scoreCallers('- CsrfViewMiddleware._get_token (method) - django/middleware/csrf.py:158\n', [{ file: 'django/middleware/csrf.py', name: '_get_token' }]);
    assert.deepEqual([s.correct, s.found], [1, 1]);
  });

  it('ignores close-name suggestions after a miss', () => {
    const text = ['No symbol named "x" is in the index.', '', 'Close names:', '- json (function) - lib/response.js:250'].join('\n');
    const s = scoreCallers(text, truth);
    assert.deepEqual([s.reported, s.found], [0, 0]);
  });
});

describe('explore score', () => {
  const t = [{ file: 'lib/response.js', name: 'res.json', headers: [{ line: 10, text: 'res.json = function json(obj) {', end: 12 }] }];
  const fenced = (lines: readonly string[]): string => `lib/response.js\n\`\`\`javascript\n${lines.join('\n')}\n\`\`\``;

  it('lists a target shown by its header as present, and as whole only when its body is shown to the end', () => {
    assert.deepEqual(scoreExplore(fenced(['10\tres.json = function json(obj) {']), t), { present: ['lib/response.js:res.json'], missing: [], whole: [] });
    const all = fenced(['10\tres.json = function json(obj) {', '11\t  return this.send(obj);', '12\t};']);
    assert.deepEqual(scoreExplore(all, t), { present: ['lib/response.js:res.json'], missing: [], whole: ['lib/response.js:res.json'] });
    assert.deepEqual(scoreExplore('nothing shown', t), { present: [], missing: ['lib/response.js:res.json'], whole: [] });
  });
});
