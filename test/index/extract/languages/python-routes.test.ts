import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../src/model.js';
import { routeLines } from '../../../support/route-lines.js';

const routes = (ex: FileExtraction): string[] => routeLines(ex, { kinds: true });

test('Flask routes: the method list or GET, a Blueprint\'s prefix, one route per method, each calling its view', async () => {
  const source = [
    'from flask import Flask, Blueprint',
    'app = Flask(__name__)',
    "auth = Blueprint('auth', __name__, url_prefix='/auth')",
    '',
    "@app.route('/hello')",
    'def hello():',
    "    return 'hi'",
    '',
    "@auth.route('/login', methods=['GET', 'POST'])",
    'def login():',
    '    return render()',
    '',
    "@auth.post('/logout')",
    '@login_required',
    'def logout():',
    '    pass',
    '',
    "auth.add_url_rule('/whoami', 'whoami', views.whoami, methods=['GET', 'HEAD'])",
    "app.add_url_rule('/health', view_func=health)",
    '',
    "@cache.memoize('/not-a-route')",
    "@app.get('no-slash')",
    'def other():',
    '    pass',
    '',
  ].join('\n');
  const ex = await extractSource('python', source, 'app.py');
  assert.deepEqual(routes(ex), [
    'GET /hello -> hello', 'GET /auth/login -> login', 'POST /auth/login -> login', 'POST /auth/logout -> logout',
    'GET /auth/whoami -> views.whoami', 'HEAD /auth/whoami -> views.whoami', 'GET /health -> health',
  ]);
  const hello = ex.symbols.find((s) => s.name === 'GET /hello');
  assert.equal(hello?.parent, -1, 'at file level, beside its view');
  assert.equal(hello?.qualifiedName, 'GET /hello');
  assert.equal(hello?.startLine, 5);
  assert.equal(hello?.signature, "@app.route('/hello')");
  // The views stay what they were: functions calling what they call.
  assert.equal(ex.symbols.find((s) => s.name === 'login')?.kind, 'function');
  assert.ok(ex.refs.some((r) => r.name === 'render' && ex.symbols[r.from]?.name === 'login'));
});

test('FastAPI routes: method decorators, an APIRouter\'s prefix joined to an empty path, api_route\'s methods', async () => {
  const source = [
    'from fastapi import APIRouter, FastAPI',
    'app = FastAPI()',
    'router = APIRouter(prefix="/users", tags=["users"])',
    '',
    '@router.get("")',
    'async def list_users():',
    '    return []',
    '',
    '@router.get("/{user_id}")',
    'async def read_user(user_id: int):',
    '    return find(user_id)',
    '',
    '@app.api_route("/ping", methods=("GET", "head"))',
    'def ping():',
    '    return "pong"',
    '',
    '@app.get("")',
    'def nothing():',
    '    pass',
    '',
  ].join('\n');
  const ex = await extractSource('python', source, 'api.py');
  assert.deepEqual(routes(ex), ['GET /users -> list_users', 'GET /users/{user_id} -> read_user', 'GET /ping -> ping', 'HEAD /ping -> ping']);
});

test('Django: the entries of a list included in place are routes under the including entries\' paths, joined as written; a list included by a name mounts nothing here', async () => {
  const source = [
    'from django.urls import include, path, re_path',
    'urlpatterns = [',
    "    path('profile/', include([",
    "        path('', accounts.user_profile, name='hk_user_profile'),",
    "        path('votes', accounts.votes),",
    "        re_path(r'^api/', include([re_path(r'^keys/$', api.keys)])),",
    '    ])),',
    "    re_path(r'^list/(?P<fqdn>[^/]+)/', include(list_patterns)),",
    ']',
    "helpers = [path('a/', include([path('b', views.b)]))]",
    '',
  ].join('\n');
  const ex = await extractSource('python', source, 'urls.py');
  assert.deepEqual(routes(ex), ['ANY /profile/ -> accounts.user_profile', 'ANY /profile/votes -> accounts.votes', 'ANY /profile/api/keys/ -> api.keys']);
});

test('Django URL tables: path and re_path entries of urlpatterns (and of lists named like URL tables) are routes to their views; include mounts; other lists are not', async () => {
  const source = [
    'from django.urls import include, path, re_path',
    'from . import views',
    '',
    'urlpatterns = [',
    "    path('', views.index, name='index'),",
    "    path('users/<int:pk>/', views.UserDetail.as_view(), name='user'),",
    "    re_path(r'^archive/(?P<year>[0-9]{4})/$', archive),",
    "    path('api/', include('api.urls')),",
    ']',
    "urlpatterns += [path('about/', views.about)]",
    "other = [path('x/', views.x)]",
    "shop_urls = [url('^cart', include('shop.cart.urls')), url(r'^$', views.home)]",
    "extra = [path('y/', include('shop.y.urls'))]",
    '',
  ].join('\n');
  const ex = await extractSource('python', source, 'shop/urls.py');
  assert.deepEqual(routes(ex), [
    'ANY / -> views.index', 'ANY /users/<int:pk>/ -> references views.UserDetail', 'ANY /archive/(?P<year>[0-9]{4})/ -> archive', 'ANY /about/ -> views.about',
    'ANY / -> views.home',
  ]);
  // Each include imports its module and mounts it under the entry's path (a regex's `^` dropped).
  assert.deepEqual(ex.mounts, [{ prefix: 'api/', importLine: 8 }, { prefix: 'cart', importLine: 12 }]);
  assert.deepEqual(ex.imports.filter((i) => i.line >= 8).map((i) => [i.module, i.line]), [['api.urls', 8], ['shop.cart.urls', 12]]);
});

test('a blueprint or router of another module registered under a prefix mounts that module; one without a prefix, or made here, does not', async () => {
  const source = [
    'from flask import Flask, Blueprint',
    'from fastapi import FastAPI',
    'from .auth import bp as auth_bp',
    'from . import admin',
    'from .items import router',
    'app = Flask(__name__)',
    'api = FastAPI()',
    "app.register_blueprint(auth_bp, url_prefix='/auth')",
    "app.register_blueprint(admin.bp, url_prefix='/admin')",
    "api.include_router(router, prefix='/items', tags=['items'])",
    'app.register_blueprint(auth_bp)',
    "app.register_blueprint(local_bp, url_prefix='/local')",
    "app.register_blueprint(auth_bp, url_prefix=PREFIX)",
    "app.register_blueprint(make()(), url_prefix='/made')",
    '',
  ].join('\n');
  const ex = await extractSource('python', source, 'app/__init__.py');
  // Tied to the import that binds each name; `local_bp` is bound by no import and mounts nothing.
  assert.deepEqual(ex.mounts, [{ prefix: '/auth', importLine: 3 }, { prefix: '/admin', importLine: 4 }, { prefix: '/items', importLine: 5 }]);
});

test('each route idiom is found in a file that holds it alone: a file is passed over only when it lacks the words that idiom needs', async () => {
  const alone: readonly (readonly [string, readonly string[], (ex: FileExtraction) => unknown, unknown])[] = [
    ['a URL table named *_urls', ['from django.urls import path', "api_urls = [path('ping/', ping)]"], routes, ['ANY /ping/ -> ping']],
    ['a URL table named *patterns', ['from django.urls import path', "admin_patterns = [path('log/', log)]"], routes, ['ANY /log/ -> log']],
    ['add_url_rule', ["app.add_url_rule('/health', view_func=health)"], routes, ['GET /health -> health']],
    ['add_api_route', ["router.add_api_route('/browser', self._browser, methods=['GET', 'HEAD'])", "router.add_api_route('/status', endpoint=status)", "router.add_api_route(f'{base_path}/token', self._api_token, methods=['POST'])", "router.add_api_route(f'{name}', other)"], routes,
      ['GET /browser -> self._browser', 'HEAD /browser -> self._browser', 'GET /status -> status', 'POST /{base_path}/token -> self._api_token']],
    ['a Blueprint with a prefix', ["bp = Blueprint('b', __name__, url_prefix='/b')", "@bp.get('/x')", 'def x():', '    pass'], routes, ['GET /b/x -> x']],
    ['an APIRouter with a prefix', ["r = APIRouter(prefix='/r')", "@r.get('/y')", 'def y():', '    pass'], routes, ['GET /r/y -> y']],
    ['register_blueprint', ['from .auth import bp', "app.register_blueprint(bp, url_prefix='/auth')"], (ex) => ex.mounts, [{ prefix: '/auth', importLine: 1 }]],
    ['include_router', ['from .items import router', "api.include_router(router, prefix='/items')"], (ex) => ex.mounts, [{ prefix: '/items', importLine: 1 }]],
  ];
  for (const [idiom, lines, read, expected] of alone) {
    const ex = await extractSource('python', `${lines.join('\n')}\n`, 'app/routes.py');
    assert.deepEqual(read(ex), expected, idiom);
  }
});

test('Django: lists included in place five hundred deep put the entry under every including path (each entry climbed the tree to find them, 18 s here)', async () => {
  const depth = 500;
  const source = `urlpatterns = [${"path('a/', include([".repeat(depth)}path('x', v)${']))'.repeat(depth)}]\n`;
  const ex = await extractSource('python', source, 'urls.py');
  assert.deepEqual(routes(ex), [`ANY /${'a/'.repeat(depth)}x -> v`]);
});

test('Flask route paths built from strings and names: a module constant read as its value, also in an f-string; a name bound again (a parameter, an import) or unknown kept in braces, a default value binding nothing; no path without a slash', async () => {
  const source = [
    'from flask import Flask',
    'app = Flask(__name__)',
    "API_VERSION = '01'",
    "API_PREFIX = '/api/v' + API_VERSION",
    "api_prefix = '/beer'",
    "BASE = '/b'",
    "@app.route(API_PREFIX + '/login', methods=['POST'])",
    'def api_login(): pass',
    "@app.get(f'{API_PREFIX}/items/{item_id}')",
    'def items(): pass',
    '@app.route(API_PREFIX)',
    'def root(): pass',
    "@app.route(api_prefix + '/search/')",
    'def search(): pass',
    "@app.route(UNKNOWN + '/x')",
    'def unknown(): pass',
    "@app.route(BASE + '/shadowed')",
    'def shadowed(): pass',
    'def shadow(BASE): pass',
    "@app.route(API_PREFIX + 'nosl')",
    'def glued(): pass',
    "@app.route('x' + API_PREFIX)",
    'def not_a_path(): pass',
    "IMPORTED = '/local'",
    'try:',
    '    from local_settings import IMPORTED',
    'except ImportError:',
    '    pass',
    "@app.route(IMPORTED + '/i')",
    'def imported(): pass',
    'def with_default(prefix=API_VERSION): pass',
    "@app.route(f'/v{API_VERSION}')",
    'def versioned(): pass',
    '',
  ].join('\n');
  const ex = await extractSource('python', source, 'app.py');
  assert.deepEqual(routeLines(ex, {}), [
    'POST /api/v01/login -> api_login', 'GET /api/v01/items/{item_id} -> items', 'GET /api/v01 -> root', 'GET /beer/search/ -> search',
    'GET /{UNKNOWN}/x -> unknown', 'GET /{BASE}/shadowed -> shadowed', 'GET /api/v01nosl -> glued', 'GET /{IMPORTED}/i -> imported', 'GET /v01 -> versioned',
  ]);
});
