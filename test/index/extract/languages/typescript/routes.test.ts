import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../../src/model.js';
import { MAX_PATH_CONSTANT, MAX_PATH_PARTS } from '../../../../../src/index/extract/route-path-parts.js';
import { routeLines } from '../../../../support/route-lines.js';

const routes = (ex: FileExtraction, all = false): string[] => routeLines(ex, { refs: all ? 'all' : 'first' });

test('Express routes: a router by name or by what made it, every named handler called in order, an inline handler\'s calls the route\'s', async () => {
  const source = [
    "const express = require('express');",
    'const api = express.Router();',
    'const users = require("./users");',
    '',
    "app.get('/', home);",
    "api.post('/login', limit, users.login);",
    "router.delete(`/users/:id`, asyncHandler(users.remove));",
    "app.all('/health', (req, res) => { res.send(check()); });",
    "app.route('/book').get(books.list).put(books.update);",
    '',
    "axios.post('/login', credentials);",
    "app.get('title');",
    "app.use('/api', api);",
    "cache.get('/key', fallback);",
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'server.js');
  assert.deepEqual(routes(ex), [
    'GET / -> home', 'POST /login -> limit', 'DELETE /users/:id -> users.remove', 'ANY /health -> res.send', 'PUT /book -> books.update', 'GET /book -> books.list',
  ]);
  assert.deepEqual(routes(ex, true).find((r) => r.startsWith('POST /login')), 'POST /login -> limit, users.login', 'a middleware and the handler are both called');
  // The inline handler's calls belong to the route.
  assert.deepEqual(routes(ex, true).find((r) => r.startsWith('ANY /health')), 'ANY /health -> res.send, check');
  const health = ex.symbols.find((s) => s.name === 'ANY /health');
  assert.equal(health?.startLine, 8);
  assert.equal(health?.parent, -1);
  assert.equal(ex.symbols.find((s) => s.name === 'GET /book')?.parent, -1, 'a chain\'s routes are siblings');
});

test('routes inside a function that receives the app, in TypeScript, Koa and Fastify style', async () => {
  const source = [
    'export function mount(app: Express, userRouter: Router) {',
    "  app.patch('/users/:id', update);",
    "  userRouter.get('/me', (ctx) => ctx.body = me());",
    '}',
    'const fastify = Fastify();',
    "fastify.head('/ping', async () => 'pong');",
    "const v2 = new Router({ prefix: '/v2' });",
    "v2.get('/items', listItems);",
    "v2.post('/legacy', function* (next) { yield render(); });",
    'class Server { start() { this.app.put(\'/state\', this.save); this.http.get(\'/remote\', done); } }',
    "fastify.route({ method: ['GET', 'HEAD'], url: '/status', handler: status.show });",
    "server.route({ method: '*', path: '/any', handler: (request, h) => h.response(all()) });",
    "server.route({ method: 'GET', path: 'relative', handler });",
    '',
  ].join('\n');
  const ex = await extractSource('typescript', source, 'src/routes.ts');
  assert.deepEqual(routes(ex), ['PATCH /users/:id -> update', 'GET /me -> me', 'HEAD /ping -> ', 'GET /v2/items -> listItems', 'POST /v2/legacy -> render', 'PUT /state -> this.save',
    'GET /status -> status.show', 'HEAD /status -> status.show', 'ANY /any -> h.response']);
  assert.equal(ex.symbols.find((s) => s.name === 'PATCH /users/:id')?.parent, ex.symbols.findIndex((s) => s.name === 'mount'));
});

test('a router named route or …Route is one, also untyped as compiled TypeScript leaves a parameter; a route object\'s own methods are not routes', async () => {
  const source = [
    "exports.default = function (route, auth) {",
    "  route.get('/-/ping', ping);",
    "  route.put('/-/user/:name', auth.login, saveUser);",
    "};",
    "telegramRoute.post('/send', send);",
    "const route = router.route('/book');",
    "route.get(list);",
    "currentRoute.get('title');",
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'build/api/ping.js');
  assert.deepEqual(routes(ex), ['GET /-/ping -> ping', 'PUT /-/user/:name -> auth.login', 'POST /send -> send']);
});

test('a receiver of any name routes when its handler takes a request and a response, or a context in a file of Hono or Koa; a client\'s callback or options do not', async () => {
  const source = [
    "import { zValidator } from '@hono/zod-validator';",
    'export function registerThreadRoutes(api, context) {',
    "  api.post('/threads', zValidator('json', schema), async (c) => c.json(await create(c)));",
    "  api.get('/threads/:id', (req, res) => res.send(find(req.params.id)));",
    "  hooks.put('/state', async function (ctx) { ctx.body = save(); });",
    "  server.delete('/items/:id', (request, reply) => remove(request));",
    "  cache.get('/users', (req) => fetchUsers(req));",
    '}',
    "client.get('/users', (err, res) => done(res));",
    "http.get('/status', (response) => read(response));",
    "api.post('/login', credentials);",
    "store.get('/key', () => fallback());",
    '',
  ].join('\n');
  const ex = await extractSource('typescript', source, 'src/embed/threads.ts');
  assert.deepEqual(routes(ex), ['POST /threads -> schema', 'GET /threads/:id -> res.send', 'PUT /state -> save', 'DELETE /items/:id -> remove']);
  const elsewhere = [
    "client.get('/config', (c) => apply(c));",
    "handlers.delete('/x', (ctx) => 1);",
    "fetchMock.post('/api/items', (req) => created());",
    "mockServer.get('/api/users', (req, res) => res.json([]));",
    '',
  ].join('\n');
  assert.deepEqual(routes(await extractSource('typescript', elsewhere, 'src/client.ts')), ['GET /api/users -> res.json'], 'a context alone routes only where Hono or Koa is imported');
  const mocks = ["import { rest } from 'msw';", "rest.get('/api/user', (req, res, ctx) => res(ctx.json(user)));", ''].join('\n');
  assert.deepEqual(routes(await extractSource('typescript', mocks, 'src/mocks/handlers.ts')), [], 'mocks of msw are no routes');
});

test('a router handed to a function is one by its declared type, alone or through its module, whatever its name; a parameter of another type, or of none and another name, is not', async () => {
  const source = [
    "import { Router } from 'express';",
    'export default function (route: Router, storage: Storage): void {',
    "  route.get('/-/ping', function (req, res) { res.send(pong()); });",
    "  route.route('/-/whoami').get(whoami);",
    "  route.use('/-/npm', require('./npm'));",
    '}',
    'export const stars = (api: IRouter) => {',
    "  api.put('/stars/:name', star);",
    '};',
    'export function plugins(instance: FastifyInstance) {',
    "  instance.route({ method: 'GET', url: '/plugins', handler: list });",
    '}',
    'export function remote(http: AxiosInstance, target) {',
    "  http.get('/users', onUsers);",
    "  target.get('/untyped', untyped);",
    '}',
    'export function users(r: express.Router, client: axios.AxiosInstance) {',
    "  r.delete('/users/:id', remove);",
    "  client.get('/profile', onProfile);",
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('typescript', source, 'src/api/index.ts');
  assert.deepEqual(routes(ex), ['GET /-/ping -> res.send', 'GET /-/whoami -> whoami', 'PUT /stars/:name -> star', 'GET /plugins -> list', 'DELETE /users/:id -> remove']);
  assert.deepEqual(ex.mounts?.map((m) => m.prefix), ['/-/npm']);
});

test('hapi route objects wherever they are written: an exported list, one a function returns or a module exports, the handler in options or config or a method; request options and objects without a literal path are not routes', async () => {
  const source = [
    "module.exports = [",
    "  { method: 'GET', path: '/participants/{name}', handler: Handler.getByName, options: { tags } },",
    "  {",
    "    method: ['get', 'POST'],",
    "    path: '/participants',",
    "    config: { handler: Handler.create },",
    "  },",
    "];",
    "exports.token = () => ({",
    "  method: '*',",
    "  path: '/auth/token/{buildId?}',",
    "  options: { description: 'a token', handler: async (request, h) => h.response(sign(request)) },",
    "});",
    "export default ({ method: 'GET', path: '/health', handler(request, h) { return h.response(healthy()); } });",
    "http.request({ method: 'GET', path: '/status', host: 'example.org' }, onStatus);",
    "const assets = files.map((f) => ({ method: 'GET', path: f.from, handler: serve }));",
    "const quiet = { method: 'GET', path: '/quiet' };",
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'src/api/participants/routes.js');
  assert.deepEqual(routes(ex), [
    'GET /participants/{name} -> Handler.getByName', 'GET /participants -> Handler.create', 'POST /participants -> Handler.create', 'ANY /auth/token/{buildId?} -> h.response',
    'GET /health -> h.response',
  ]);
  const token = ex.symbols.find((s) => s.name === 'ANY /auth/token/{buildId?}');
  assert.equal(token?.startLine, 9, 'the route is the object');
  assert.equal(token?.signature, "method: '*', path: '/auth/token/{buildId?}'");
  assert.deepEqual(routes(ex, true).find((r) => r.startsWith('ANY /auth')), 'ANY /auth/token/{buildId?} -> h.response, sign', 'an inline handler\'s calls are the route\'s');
  assert.deepEqual(routes(ex, true).find((r) => r.startsWith('GET /health')), 'GET /health -> h.response, healthy', 'a handler written as a method');
});

test('hapi route objects: a shorthand handler, an inline handler of an object given a name, a handler method in options; a method HTTP does not have is none', async () => {
  const source = [
    "export default [{ method: 'GET', path: '/d', handler }];",
    "const list = [{ method: 'GET', path: '/y', options: { handler } }];",
    "module.exports = { method: 'GET', path: '/m', handler: async (request, h) => { return m(); } };",
    "const bar = { method: 'GET', path: '/r', handler: function (request, h) { return r(); } };",
    "const opts = [{ method: 'GET', path: '/e', options: { auth: false, handler(request, h) { return e(); } } }];",
    "const callback = [{ method: 'oauth', path: '/auth/callback', handler: onCallback }];",
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'lib/routes.js');
  assert.deepEqual(routes(ex, true), ['GET /d -> handler', 'GET /y -> handler', 'GET /m -> m', 'GET /r -> r', 'GET /e -> e']);
  assert.equal(ex.symbols.filter((s) => s.name === 'handler').length, 0, 'no symbol named handler stands beside the routes');
});

test('a route object handed to server.route() is one route, under the router\'s prefix', async () => {
  const source = [
    "server.route({ method: 'GET', path: '/status', handler: status });",
    "server.route([{ method: 'POST', path: '/hooks', options: { handler: hooks.receive } }]);",
    "server.route({ method: 'GET', path: '/y', options: { handler: yy } });",
    "srv.route({ method: 'PUT', path: '/state', handler: saveState });",
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'lib/server.js');
  assert.deepEqual(routes(ex), ['GET /status -> status', 'POST /hooks -> hooks.receive', 'GET /y -> yy', 'PUT /state -> saveState']);
});

test('Hono OpenAPI routes: a createRoute definition served by app.openapi, by name or inline; a definition served by nothing is no route', async () => {
  const source = [
    "import { createRoute, OpenAPIHono } from '@hono/zod-openapi';",
    "const getUser = createRoute({ method: 'get', path: '/users/{id}', responses: { 200: { description: 'a user' } } });",
    "const unused = createRoute({ method: 'post', path: '/unused', responses: {} });",
    'const app = new OpenAPIHono();',
    'app.openapi(getUser, (c) => c.json(findUser(c.req.valid(\'param\').id)));',
    "app.openapi(createRoute({ method: 'delete', path: '/users/{id}', responses: {} }), removeUser);",
    '',
  ].join('\n');
  const ex = await extractSource('typescript', source, 'src/users.ts');
  assert.deepEqual(routes(ex), ['GET /users/{id} -> c.json', 'DELETE /users/{id} -> removeUser']);
  assert.deepEqual(routes(ex, true).find((r) => r.startsWith('GET')), 'GET /users/{id} -> c.json, findUser, c.req.valid', 'the handler\'s calls are the route\'s');
  assert.equal(ex.symbols.find((s) => s.name === 'GET /users/{id}')?.startLine, 5, 'the route is where it is served');
});

test('NestJS routes: method decorators under the controller\'s path, an object path, a bare decorator; other classes\' @Get are not routes', async () => {
  const source = [
    "@Controller('cats')",
    'export class CatsController {',
    '  constructor(private readonly cats: CatsService) {}',
    "  @Get(':id')",
    '  findOne(@Param(\'id\') id: string) { return this.cats.find(id); }',
    '  @Post()',
    '  @HttpCode(204)',
    '  create(@Body() dto: CreateCatDto) {}',
    '}',
    "@Controller({ path: 'admin', host: 'x' })",
    'export class AdminController { @All(\'*\') any() {} }',
    'class Other { @Get(\'x\') notARoute() {} }',
    '',
  ].join('\n');
  const ex = await extractSource('typescript', source, 'src/cats.controller.ts');
  assert.deepEqual(routes(ex), ['GET /cats/:id -> this.findOne', 'POST /cats -> this.create', 'ANY /admin/* -> this.any']);
  const controller = ex.symbols.findIndex((s) => s.name === 'CatsController');
  assert.equal(ex.symbols.find((s) => s.name === 'GET /cats/:id')?.parent, controller);
});

test('NestJS routes whose decorators have comments among them or before the method', async () => {
  const source = [
    "@Controller('files')",
    'export class FilesController {',
    "  @Post('upload')",
    "  @UseInterceptors(FileInterceptor('file')) // the form field's name",
    '  upload(@UploadedFile() file) { return this.files.save(file); }',
    "  @Get(':id') /* one file */",
    '  one() { return this.files.one(); }',
    "  @Delete(':id')",
    '  /** Removes one. */',
    '  remove() { return this.files.remove(); }',
    '  // not decorated',
    '  helper() {}',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('typescript', source, 'src/files.controller.ts');
  assert.deepEqual(routes(ex), ['POST /files/upload -> this.upload', 'GET /files/:id -> this.one', 'DELETE /files/:id -> this.remove']);
});

test('Next.js file routes: an app route\'s handlers (declared, listed under another name, destructured, re-exported), a page (also a listed default), groups and slots left out, pages and API routes, private folders and _app none', async () => {
  const handlers = 'export async function GET(req: Request) { return list(); }\nexport const POST = async () => create();\nexport function helper() {}\n';
  const page = 'export default function Page() { return null; }\n';
  const cases: [string, string, string[]][] = [
    ['app/api/users/[id]/route.ts', handlers, ['GET /api/users/[id] -> GET', 'POST /api/users/[id] -> POST']],
    ['src/app/(shop)/@modal/cart/page.tsx', page, ['GET /cart -> Page']],
    ['app/page.tsx', page, ['GET / -> Page']],
    ['app/_lib/route.ts', handlers, []],
    ['pages/blog/[slug].tsx', page, ['GET /blog/[slug] -> Page']],
    ['pages/index.tsx', 'function Home() { return null; }\nexport default Home;\n', ['GET / -> Home']],
    ['pages/api/login.ts', 'export default function handler(req, res) { res.end(); }\n', ['ANY /api/login -> handler']],
    ['pages/_app.tsx', page, []],
    ['src/lib/route.ts', handlers, []],
    ['e2e/pages/LoginPage.ts', page, []],
    ['src/pages/Login.ts', 'export default class LoginPage { open() {} }\n', []],
    ['app/api/trpc/[trpc]/route.ts', 'const handler = (req: Request) => serve(req);\nexport { handler as GET, handler as POST, helper as util };\n', ['GET /api/trpc/[trpc] -> handler', 'POST /api/trpc/[trpc] -> handler']],
    ['app/api/auth/[...nextauth]/route.ts', 'export const { GET, POST: post, auth } = NextAuth(config).handlers;\n', ['GET /api/auth/[...nextauth] -> GET']],
    ['app/api/health/route.ts', "export { GET } from '../status/route';\n", ['GET /api/health -> GET']],
    ['app/[variants]/page.tsx', "export { default } from './loading';\n", ['GET /[variants] -> ']],
    ['app/about/page.tsx', 'function About() { return null; }\nexport { About as default };\n', ['GET /about -> About']],
  ];
  for (const [path, source, expected] of cases) {
    const ex = await extractSource(path.endsWith('x') ? 'tsx' : 'typescript', source, path);
    assert.deepEqual(routes(ex).map((r) => r.replace(/, .*$/, '')), expected, path);
  }
});

test('Express mounts: the module a router comes from, under the path (a template as written), the mounting router\'s own prefix first; tied to the import that binds it', async () => {
  const source = [
    "const express = require('express');",
    "const users = require('./users');",
    "import admin from './admin';",
    "const plural = require('./plural');",
    "const api = new Router({ prefix: '/api' });",
    '',
    "app.use('/users', users);",
    "app.use('/v1', require('./v1'));",
    "api.use('/admin', admin.routes());",
    'router.use(`/${key}`, plural(db, key));',
    'app.use(users);',
    "app.use('/static', express.static('public'));",
    "app.use('/x', notImported);",
    "client.use('/y', users);",
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'app.js');
  assert.deepEqual(ex.mounts, [
    { prefix: '/users', importLine: 2 },
    { prefix: '/v1', importLine: 8 },
    { prefix: '/api/admin', importLine: 3 },
    { prefix: '/${key}', importLine: 4 },
    { prefix: '', importLine: 2 },
  ]);
  assert.equal((await extractSource('javascript', "app.get('/', home);\n", 'plain.js')).mounts, undefined, 'a file that mounts nothing has no list');
});

test('route paths written with templates, constants and concatenations: a top-level string constant read as its value, any other part kept as written', async () => {
  const source = [
    "const API = '/api/v1';",
    "export const section = 'settings';",
    "const TYPED = '/typed' as const;",
    'const NESTED = `${API}/nested`;',
    "const express = require('express');",
    '',
    'router.get(`${API}/users/:id`, show);',
    'router.get(API, index);',
    'router.post(`/${section}/:id`, update);',
    "router.put(API + '/things/' + section, put);",
    'router.get(TYPED, typed);',
    "router.get(NESTED + '/deep', deep);",
    'router.get(USERS_PATH, users);',
    'router.get(Paths.ADMIN, admin);',
    'router.get(`/${this.base}:id`, byId);',
    'router.get(`${CONFIG.prefix}/status`, status);',
    '',
    'router.get(lowerName, notAPath);',
    'router.get(`${a}${b}`, twoParts);',
    'router.get(`x${API}`, noSlash);',
    'router.get(left + right, noString);',
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'routes.js');
  assert.deepEqual(routes(ex), [
    'GET /api/v1/users/:id -> show', 'GET /api/v1 -> index', 'POST /settings/:id -> update', 'PUT /api/v1/things/settings -> put', 'GET /typed -> typed',
    'GET /api/v1/nested/deep -> deep', 'GET /${USERS_PATH} -> users', 'GET /${Paths.ADMIN} -> admin', 'GET /${this.base}:id -> byId', 'GET /${CONFIG.prefix}/status -> status',
  ]);
});

test('a constant a function, loop, destructuring, parameter or import binds again is kept as written; a default value binds nothing; a function\'s own constant declared once is read', async () => {
  const source = [
    "const API = '/api';",
    "const path = '/p';",
    "const PICKED = '/one';",
    "const LOCAL = '/local';",
    '',
    'function mount(path) { router.get(`${path}/param`, a); }',
    'function withDefault(app, prefix = API) { router.get(`${API}/top`, b); }',
    'for (const path of list) router.get(`${path}/loop`, c);',
    'const { PICKED: renamed, ...rest } = config; let [, PICKED] = pair;',
    'router.get(`${PICKED}/x`, d);',
    "function inner() { const ONLY_HERE = '/here'; router.get(`${ONLY_HERE}/y`, e); }",
    "import { IMPORTED } from './paths';",
    "function local() { const IMPORTED = '/local'; router.get(`${IMPORTED}/z`, f); }",
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'routes.js');
  assert.deepEqual(routes(ex), ['GET /${path}/param -> a', 'GET /api/top -> b', 'GET /${path}/loop -> c', 'GET /${PICKED}/x -> d', 'GET /here/y -> e', 'GET /${IMPORTED}/z -> f']);
});

test('a mount\'s path read as a route\'s: a constant\'s value, a name kept as written; a name alone is what is mounted, as is a constant the file gives another value', async () => {
  const source = [
    "const users = require('./users');",
    "const ROUTES = require('./routes');",
    "const API = '/api';",
    'const AUTH = jwt({ secret });',
    '',
    'app.use(`${API}/users`, users);',
    'app.use(API_BASE, users);',
    'app.use(ROUTES);',
    'app.use(AUTH, users);',
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'app.js');
  assert.deepEqual(ex.mounts, [
    { prefix: '/api/users', importLine: 1 },
    { prefix: '/${API_BASE}', importLine: 1 },
    { prefix: '', importLine: 2 },
    { prefix: '', importLine: 1 },
  ]);
});

test('route paths from constants stay bounded: a constant past its bound is kept as a name, a path resolved past its bound is kept as written, a path of too many parts is none', async () => {
  const long = `/${'y'.repeat(MAX_PATH_CONSTANT)}`;
  const repeated = '${B}'.repeat(10);
  const source = [
    `const LONG = '${long}';`,
    `const B = '/${'b'.repeat(400)}';`,
    '',
    'router.get(`${LONG}/z`, a);',
    `router.get(\`/x${repeated}\`, b);`,
    `router.get('/c'${' + B'.repeat(MAX_PATH_PARTS)}, c);`,
    `router.get(\`/d${'${B}'.repeat(MAX_PATH_PARTS)}\`, d);`,
    '',
  ].join('\n');
  const ex = await extractSource('javascript', source, 'routes.js');
  assert.deepEqual(routes(ex), ['GET /${LONG}/z -> a', `GET /x${repeated} -> b`]);
});

test('NestJS paths written with constants: a controller\'s and a method\'s, kept as written or read from a top-level constant; a name given another value is none', async () => {
  const source = [
    "import { Controller, Get, Post, Delete } from '@nestjs/common';",
    "import { Routes } from './constants';",
    "const ITEMS = 'items';",
    'const GUARD = makeGuard();',
    '@Controller(Routes.USERS)',
    'export class UsersController {',
    "  @Get('profile') profile() {}",
    '  @Post(Routes.REGISTER) register() {}',
    '}',
    '@Controller(ITEMS)',
    'export class ItemsController {',
    "  @Get(':id') one() {}",
    '  @Delete(GUARD) nothing() {}',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('typescript', source, 'users.controller.ts');
  assert.deepEqual(routes(ex), [
    'GET /${Routes.USERS}/profile -> this.profile', 'POST /${Routes.USERS}/${Routes.REGISTER} -> this.register', 'GET /items/:id -> this.one',
  ]);
});
