import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routeIndexed } from './route-census.js';
import { loadFrameworkRules, scanRoutes, statementAt } from './route-census-scan.js';

const rules = loadFrameworkRules();
const lines = (framework: string, source: readonly string[], file = 'x'): string[] => {
  const r = rules.get(framework);
  assert.ok(r !== undefined, framework);
  return scanRoutes(source.join('\n'), file, r).map((d) => `${d.line}`);
};

test('the Django census counts URL table entries, not an include on the entry\'s next line, nor examples in a docstring', () => {
  assert.deepEqual(lines('django', [
    'def f():',
    '    """',
    "    path('doc/', views.doc),",
    '    """',
    'urlpatterns = [',
    "    path('', index.index, name='hk_root'),",
    "    re_path(r'^list/(?P<fqdn>[^/@]+)/message/'",
    "        r'(?P<hash>\\w+)/', include(message_patterns)),",
    "    re_path(r'^list/(?P<fqdn>[^/@]+)/message/new$',",
    "        message.new_message, name='hk_message_new'),",
    "    path('api/', include('api.urls')),",
    "    # path('old/', views.old),",
    ']',
  ]), ['6', '9']);
});

test('the Flask census counts route decorators and add_url_rule, not other decorators', () => {
  assert.deepEqual(lines('flask', ["@app.route('/a')", '@login_required', "@bp.get('/b')", "app.add_url_rule('/c', view_func=c)", "@cache.memoize(60)"]), ['1', '3', '4']);
});

test('the Express census counts method calls with a path literal, a template of a path or a constant\'s name, not those in a block comment or with a computed path', () => {
  assert.deepEqual(lines('express', [
    "router.get('/-/ping', ping);",
    '/*',
    " app.get('/in/comment', x);",
    '*/',
    "app.get('env');",
    'app.post(prefix + "/x", h);',
    "app.route('/book').get(list);",
    'route.put(`/:package/:tag`, tag);',
    'app.get(`${API}/users`, users);',
    'app.post(API_PATH, create);',
    'cache.get(`${kind}.${name}`);',
    'app.get(key, h);',
  ]), ['1', '7', '8', '9', '10']);
});

test('the Fastify census counts a route object only with a path literal or a template of a path in the statement', () => {
  assert.deepEqual(lines('fastify', ['fastify.route({', "  url: '/json',", "  method: 'GET',", '})', 'fastify.route({', '  url: `${prefix}/x`,', '})', 'fastify.route({', '  url: routeUrl,', '})']), ['1', '5']);
});

test('the Rails census reads routes files only and counts each resources once', () => {
  const source = ['Rails.application.routes.draw do', "  resources :photos do", "    get 'preview'", '  end', "  get = 'not a route'", "  match 'x', via: :get", 'end'];
  assert.deepEqual(lines('rails', source, 'config/routes.rb'), ['2', '3', '6']);
  assert.deepEqual(lines('rails', source, 'app/models/photo.rb'), []);
});

test('the Go census counts Gin, chi, method-first and net/http registrations, not getters of a header or a query', () => {
  assert.deepEqual(lines('go', [
    'g.GET("/v1/alerts", h)',
    'r.Get("/articles", list)',
    'v := req.Header.Get("Content-Type")',
    'r.MethodFunc("GET", "/version", h.Version)',
    'http.HandleFunc("/hello", hello)',
    '// r.Get("/commented", x)',
  ]), ['1', '2', '4', '5']);
});

test('a statement runs to where its brackets close, at most six lines', () => {
  assert.equal(statementAt(['f(a,', '  b)', 'g()'], 0), 'f(a,\n  b)');
  assert.equal(statementAt(['f(', '1', '2', '3', '4', '5', '6', '7'], 0).split('\n').length, 6);
});

test('a declaration is found when a route node starts on its line or one line away', () => {
  const routes = new Map([['a.js', [{ start: 10, end: 20 }, { start: 30, end: 30 }]]]);
  const at = (line: number) => routeIndexed({ file: 'a.js', line, text: '', what: '' }, routes);
  assert.deepEqual([at(9), at(10), at(11), at(12), at(29)], [true, true, true, false, true]);
  assert.equal(routeIndexed({ file: 'b.js', line: 10, text: '', what: '' }, routes), false);
});

test('with a window, a declaration is also found inside a route node that starts at most that many lines above it', () => {
  const routes = new Map([['a.js', [{ start: 10, end: 20 }, { start: 30, end: 31 }]]]);
  const at = (line: number) => routeIndexed({ file: 'a.js', line, text: '', what: '' }, routes, 5);
  assert.deepEqual([at(8), at(13), at(15), at(16), at(21), at(32)], [false, true, true, false, false, false]);
});
