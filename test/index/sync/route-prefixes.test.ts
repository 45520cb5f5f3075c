/** Mounted routers' prefixes joined to their routes: the stage's rules, and real indexes kept equal to a fresh one. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { filePrefixes, joinMountedRoutes, locatedPrefixes, MAX_LOCATOR_DEPTH, MAX_MOUNT_DEPTH, prefixedName, qualifiedRoute, withoutPlaceholder } from '../../../src/index/sync/route-prefixes.js';
import { MAX_TEMPLATE_DEPTH, type GraphStore } from '../../../src/store/index.js';
import { indexProject } from '../../../src/index/sync/index.js';
import { fullTextSearch } from '../../../src/search/index.js';
import { dumpGraph, readStoredIndex } from '../../support/graph-dump.js';
import { generatedProject } from '../../support/fixture-project.js';
import { freshDump as freshDumpOf } from '../../support/shop-edits.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

test('a mounted file\'s prefix is its mount\'s after its mounter\'s; the first mount wins; cycles and empty prefixes stop', () => {
  const prefixes = filePrefixes([
    { from: 1, to: 2, prefix: '/api' },
    { from: 2, to: 3, prefix: '/users' },
    { from: 9, to: 3, prefix: '/other' },
    { from: 3, to: 4, prefix: '' },
    { from: 1, to: 5, prefix: '' },
    { from: 6, to: 7, prefix: '/a' },
    { from: 7, to: 6, prefix: '/b' },
    { from: 8, to: 8, prefix: '/self' },
  ]);
  assert.deepEqual([...prefixes].sort((a, b) => a[0] - b[0]), [
    [2, '/api'], [3, '/api/users'], [4, '/api/users'], [6, '/a/b'], [7, '/b/a'],
  ]);
  const chain = Array.from({ length: MAX_MOUNT_DEPTH + 3 }, (_, i) => ({ from: i + 1, to: i + 2, prefix: `/p${i}` }));
  const deepest = filePrefixes(chain).get(MAX_MOUNT_DEPTH + 3);
  assert.equal(deepest?.split('/').length, MAX_MOUNT_DEPTH + 1, 'a chain is followed MAX_MOUNT_DEPTH mounts up');
  assert.ok(deepest?.endsWith(`/p${MAX_MOUNT_DEPTH + 1}`));
});

test('a sub-resource\'s name in braces gives way to its path, in its routes and in the locators it declares', () => {
  assert.equal(withoutPlaceholder('GET /{GroupResource}/members', 'GroupResource'), 'GET /members');
  assert.equal(withoutPlaceholder('DELETE /{GroupResource}', 'GroupResource'), 'DELETE /');
  assert.equal(withoutPlaceholder('/{GroupResource}/roles', 'GroupResource'), '/roles');
  assert.equal(withoutPlaceholder('{GroupResource}/roles', 'GroupResource'), '/roles');
  assert.equal(withoutPlaceholder('GET /{GroupResourceX}/members', 'GroupResource'), 'GET /{GroupResourceX}/members', 'a longer name is another class');
  assert.equal(withoutPlaceholder('GET /{Other}/members', 'GroupResource'), 'GET /{Other}/members');
  assert.equal(withoutPlaceholder('GET /a/{GroupResource}', 'GroupResource'), 'GET /a/{GroupResource}', 'only a leading placeholder');
  assert.equal(withoutPlaceholder('GET /{GroupResource}.json', 'GroupResource'), 'GET /{GroupResource}.json', 'only a whole segment');
});

const paths = (links: Parameters<typeof locatedPrefixes>[0]): [number, string, string][] =>
  [...locatedPrefixes(links)].flatMap(([file, classes]) => [...classes].map(([type, path]): [number, string, string] => [file, type, path])).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));

test('a located class\'s path follows its locators up to a class no locator returns; the first that gets there wins; a cycle gives nothing', () => {
  assert.deepEqual(paths([
    { from: 1, to: 2, prefix: '/admin/realms/{realm}', typeName: 'RealmResource' },
    { from: 2, to: 3, prefix: '/{RealmResource}/groups', typeName: 'GroupsResource' },
    { from: 5, to: 3, prefix: '/other', typeName: 'GroupsResource' },
    { from: 1, to: 4, prefix: '/api' },
  ]), [[2, 'RealmResource', '/admin/realms/{realm}'], [3, 'GroupsResource', '/admin/realms/{realm}/groups']], 'an import mount locates nothing');
  assert.deepEqual(paths([
    { from: 1, to: 2, prefix: '/{A}/b', typeName: 'B' },
    { from: 2, to: 1, prefix: '/{B}/a', typeName: 'A' },
  ]), [], 'a cycle without a root names no path');
  assert.deepEqual(paths([
    { from: 1, to: 2, prefix: '/{A}/b', typeName: 'B' },
    { from: 2, to: 1, prefix: '/{B}/a', typeName: 'A' },
    { from: 9, to: 1, prefix: '/r/x', typeName: 'A' },
  ]), [[1, 'A', '/r/x'], [2, 'B', '/r/x/b']], 'a root reaches into the cycle, whichever locator sorts first');
  assert.deepEqual(paths([
    { from: 1, to: 1, prefix: '/root/inner', typeName: 'Inner' },
    { from: 1, to: 1, prefix: '/{Inner}/deeper', typeName: 'Deeper' },
    { from: 7, to: 8, prefix: '/{Unlocated}/x', typeName: 'X' },
    { from: 1, to: 5, prefix: '/{Inner}', typeName: 'Same' },
    { from: 1, to: 6, prefix: '/x/{Inner}', typeName: 'Param' },
  ]), [[1, 'Deeper', '/root/inner/deeper'], [1, 'Inner', '/root/inner'], [5, 'Same', '/root/inner'], [6, 'Param', '/x/{Inner}'], [8, 'X', '/{Unlocated}/x']],
  'a class of the same file; a locator at its class\'s own path; braces later in a path are a parameter; a locator under a class no locator returns keeps its braces');
  const chain = Array.from({ length: MAX_LOCATOR_DEPTH + 2 }, (_, i) => ({ from: i + 1, to: i + 2, prefix: i === 0 ? '/top' : `/{C${i}}/p${i}`, typeName: `C${i + 1}` }));
  for (const links of [chain, [...chain].reverse()]) {
    const located = locatedPrefixes(links);
    assert.equal(located.get(MAX_LOCATOR_DEPTH + 1)?.get(`C${MAX_LOCATOR_DEPTH}`)?.split('/').length, MAX_LOCATOR_DEPTH + 1, 'MAX_LOCATOR_DEPTH locators are followed');
    assert.equal(located.get(MAX_LOCATOR_DEPTH + 2), undefined, 'a chain past MAX_LOCATOR_DEPTH gives nothing, in any order');
    assert.equal(located.get(3)?.get('C2'), '/top/p1');
  }
  const hostile = Array.from({ length: 50_000 }, (_, i) => ({ from: i + 1, to: i + 2, prefix: i === 0 ? '/top' : `/{C${i}}/p`, typeName: `C${i + 1}` }));
  assert.equal(locatedPrefixes(hostile.reverse()).size, MAX_LOCATOR_DEPTH, 'a chain of 50,000 locators overflows nothing');
});

test('in a located file only the routes under a located class\'s braces take its path; a root resource beside them keeps its own', () => {
  const classes = new Map([['UsersRes', '/root/users'], ['GroupsRes', '/root/groups']]);
  assert.equal(qualifiedRoute('GET /{UsersRes}/{id}', undefined, classes), 'GET /root/users/{id}');
  assert.equal(qualifiedRoute('DELETE /{GroupsRes}', undefined, classes), 'DELETE /root/groups');
  assert.equal(qualifiedRoute('GET /health', undefined, classes), 'GET /health');
  assert.equal(qualifiedRoute('GET /{Other}/x', undefined, classes), 'GET /{Other}/x');
  assert.equal(qualifiedRoute('GET /:id', '/api', undefined), 'GET /api/:id');
});

test('a route under a prefix: the path joined, the router\'s root is the prefix (with a Django prefix\'s slash)', () => {
  assert.equal(prefixedName('GET /:id', '/api'), 'GET /api/:id');
  assert.equal(prefixedName('GET /', '/api'), 'GET /api');
  assert.equal(prefixedName('ANY /', '/app/'), 'ANY /app/');
  assert.equal(prefixedName('ANY /items/', 'shop/'), 'ANY /shop/items/');
  assert.equal(prefixedName('ANY /?', 'render'), 'ANY /render/?');
  assert.equal(prefixedName('noroute', '/api'), 'noroute');
});

const APP = (prefix: string) => [
  "const express = require('express');",
  "const users = require('./routes/users');",
  'const app = express();',
  `app.use('${prefix}', users);`,
  '',
].join('\n');
const USERS = [
  "const express = require('express');",
  "const admin = require('./admin');",
  'const router = express.Router();',
  'function show(req, res) { res.json({}); }',
  "router.get('/:id', show);",
  "router.use('/admin', admin);",
  'module.exports = router;',
  '',
].join('\n');
const ADMIN = "const router = require('express').Router();\nfunction stats(req, res) { res.json({}); }\nrouter.get('/stats', stats);\nmodule.exports = router;\n";

const routeNames = (root: string) => readStoredIndex(root, (store) =>
  store.listFiles().flatMap((f) => store.nodesInFile(f.path).filter((n) => n.kind === 'route').map((n) => `${f.path} ${n.name} = ${n.qualifiedName}`)).sort());
const searched = (root: string, words: string) => readStoredIndex(root, (store) => fullTextSearch(store, words).filter((h) => h.node.kind === 'route').map((h) => h.node.qualifiedName));

test('routes of mounted files are qualified by the whole path, through two mounts, in Express and Django; an edit anywhere keeps the index equal to a fresh one', async () => {
  const project = await generatedProject({
    'app.js': APP('/api'), 'routes/users.js': USERS, 'routes/admin.js': ADMIN,
    'site/__init__.py': '', 'site/shop/__init__.py': '', 'site/shop/views.py': 'def detail(request, pk):\n    return pk\n',
    'site/urls.py': "from django.urls import include, path\nurlpatterns = [path('shop/', include('site.shop.urls'))]\n",
    'site/shop/urls.py': "from django.urls import path\nfrom . import views\nurlpatterns = [path('items/<int:pk>/', views.detail)]\n",
  });
  cleanups.push(project.cleanup);
  const { root } = project;
  const sync = () => indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });
  const fresh = () => freshDumpOf(root, cleanups);
  await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  assert.deepEqual(await routeNames(root), [
    'routes/admin.js GET /stats = GET /api/admin/stats',
    'routes/users.js GET /:id = GET /api/:id',
    'site/shop/urls.py ANY /items/<int:pk>/ = ANY /shop/items/<int:pk>/',
  ]);
  assert.equal((await searched(root, 'api admin stats'))[0], 'GET /api/admin/stats', 'the whole path is searchable');

  // The mounted file changes: its routes are qualified again.
  writeFileSync(join(root, 'routes/users.js'), USERS.replace("router.get('/:id', show);", "router.get('/:id', show);\nrouter.post('/', show);"));
  await sync();
  assert.ok((await routeNames(root)).includes('routes/users.js POST / = POST /api'));
  assert.equal(await dumpGraph(root), await fresh());

  // Only the mounting file changes: the routes of files two mounts down follow, words included.
  writeFileSync(join(root, 'app.js'), APP('/v2'));
  await sync();
  assert.ok((await routeNames(root)).includes('routes/admin.js GET /stats = GET /v2/admin/stats'));
  assert.equal((await searched(root, 'v2 admin stats'))[0], 'GET /v2/admin/stats');
  assert.equal(await dumpGraph(root), await fresh());

  // The mount goes: the routes are named as written again.
  writeFileSync(join(root, 'app.js'), "const express = require('express');\nconst app = express();\n");
  await sync();
  assert.deepEqual((await routeNames(root)).filter((r) => r.startsWith('routes/')), [
    'routes/admin.js GET /stats = GET /admin/stats',
    'routes/users.js GET /:id = GET /:id',
    'routes/users.js POST / = POST /',
  ]);
  assert.equal(await dumpGraph(root), await fresh());

  // The last mount goes too: no file is mounted, and the routes the last run qualified are restored.
  writeFileSync(join(root, 'routes/users.js'), USERS.replace("router.use('/admin', admin);\n", ''));
  writeFileSync(join(root, 'site/urls.py'), 'urlpatterns = []\n');
  await sync();
  const names = await routeNames(root);
  assert.ok(names.includes('routes/admin.js GET /stats = GET /stats'), names.join('; '));
  assert.ok(names.includes('site/shop/urls.py ANY /items/<int:pk>/ = ANY /items/<int:pk>/'), names.join('; '));
  assert.equal(await dumpGraph(root), await fresh());
});

/** The routes of `path` qualified by their written names again, as before any mount was joined. */
function unqualify(store: GraphStore, path: string): number {
  const routes = store.nodesInFile(path).filter((n) => n.kind === 'route');
  store.qualifyRoutes(routes.map((n) => ({ id: n.id, name: n.name, qualifiedName: n.name })));
  return routes[0]?.fileId ?? -1;
}

test('the stage says when it changed routes of a file the run did not rewrite (their words must be indexed again), and only then', async () => {
  const project = await generatedProject({ 'app.js': APP('/api'), 'routes/users.js': USERS, 'routes/admin.js': ADMIN });
  cleanups.push(project.cleanup);
  const plain = await generatedProject({ 'routes/admin.js': ADMIN });
  cleanups.push(plain.cleanup);
  for (const root of [project.root, plain.root]) await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  await readStoredIndex(project.root, (store) => {
    assert.equal(joinMountedRoutes(store, new Set()), false, 'already joined: nothing changes');
    unqualify(store, 'routes/admin.js');
    assert.equal(joinMountedRoutes(store, new Set()), true, 'an unchanged file\'s routes changed');
    assert.equal(store.nodesInFile('routes/admin.js').find((n) => n.kind === 'route')?.qualifiedName, 'GET /api/admin/stats');
    const admin = unqualify(store, 'routes/admin.js');
    assert.equal(joinMountedRoutes(store, new Set([admin])), false, 'the changed routes are those of a rewritten file');
  });
  await readStoredIndex(plain.root, (store) => {
    assert.equal(joinMountedRoutes(store, new Set()), false, 'nothing mounted, nothing mounted before');
  });
});

test('a Flask blueprint and a FastAPI router of other modules, registered under prefixes, are qualified by them', async () => {
  const project = await generatedProject({
    'web/__init__.py': [
      'from flask import Flask',
      'from fastapi import FastAPI',
      'from .auth import bp as auth_bp',
      'from .items import router',
      'app = Flask(__name__)',
      "app.register_blueprint(auth_bp, url_prefix='/auth')",
      'api = FastAPI()',
      "api.include_router(router, prefix='/items')",
      '',
    ].join('\n'),
    'web/auth.py': "from flask import Blueprint\nbp = Blueprint('auth', __name__)\n\n@bp.route('/login', methods=['POST'])\ndef login():\n    return 'ok'\n",
    'web/items.py': "from fastapi import APIRouter\nrouter = APIRouter(prefix='/v1')\n\n@router.get('/{item_id}')\ndef read_item(item_id: int):\n    return item_id\n",
  });
  cleanups.push(project.cleanup);
  assert.deepEqual(await routeNames(project.root), [
    'web/auth.py POST /login = POST /auth/login',
    'web/items.py GET /v1/{item_id} = GET /items/v1/{item_id}',
  ]);
});

const JAXRS_ROOT = (path: string) => [
  'import javax.ws.rs.*;',
  '@Path("/admin")',
  'public class AdminRoot {',
  `    @Path("${path}")`,
  '    public RealmsResource realms() { return new RealmsResource(); }',
  '    @Path("status")',
  '    public HealthResource status() { return new HealthResource(); }',
  '}',
  '',
].join('\n');
const JAXRS_REALMS = [
  'import javax.ws.rs.*;',
  'public class RealmsResource {',
  '    @GET',
  '    public String list() { return ""; }',
  '    @Path("{realm}/groups")',
  '    public GroupsResource groups(@PathParam("realm") String realm) { return null; }',
  '}',
  '',
].join('\n');
const JAXRS_GROUPS = [
  'import javax.ws.rs.*;',
  'public class GroupsResource {',
  '    @GET @Path("{id}/members")',
  '    public String members(@PathParam("id") String id) { return id; }',
  '    @DELETE',
  '    public void clear() {}',
  '}',
  '',
].join('\n');

test('JAX-RS sub-resources are qualified by the locators that return them, through two locators; a root resource a locator returns keeps its path; an edit keeps the index equal to a fresh one', async () => {
  const project = await generatedProject({
    'src/app/AdminRoot.java': JAXRS_ROOT('realms'), 'src/app/RealmsResource.java': JAXRS_REALMS, 'src/app/GroupsResource.java': JAXRS_GROUPS,
    'src/app/HealthResource.java': 'import javax.ws.rs.*;\n@Path("/health")\npublic class HealthResource {\n    @GET\n    public String ok() { return ""; }\n}\n',
  });
  cleanups.push(project.cleanup);
  const { root } = project;
  const sync = () => indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });
  await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  assert.deepEqual(await routeNames(root), [
    'src/app/GroupsResource.java DELETE /{GroupsResource} = DELETE /admin/realms/{realm}/groups',
    'src/app/GroupsResource.java GET /{GroupsResource}/{id}/members = GET /admin/realms/{realm}/groups/{id}/members',
    'src/app/HealthResource.java GET /health = GET /health',
    'src/app/RealmsResource.java GET /{RealmsResource} = GET /admin/realms',
  ]);
  assert.equal((await searched(root, 'admin realms groups members'))[0], 'GET /admin/realms/{realm}/groups/{id}/members');

  // The root locator's path changes: both sub-resources follow.
  writeFileSync(join(root, 'src/app/AdminRoot.java'), JAXRS_ROOT('tenants'));
  await sync();
  assert.ok((await routeNames(root)).includes('src/app/GroupsResource.java GET /{GroupsResource}/{id}/members = GET /admin/tenants/{realm}/groups/{id}/members'));
  assert.equal(await dumpGraph(root), await freshDumpOf(root, cleanups));

  // The root locator goes: the first sub-resource is unlocated, the second keeps its own locator's part under the first's placeholder.
  writeFileSync(join(root, 'src/app/AdminRoot.java'), 'public class AdminRoot {}\n');
  await sync();
  assert.deepEqual(await routeNames(root), [
    'src/app/GroupsResource.java DELETE /{GroupsResource} = DELETE /{RealmsResource}/{realm}/groups',
    'src/app/GroupsResource.java GET /{GroupsResource}/{id}/members = GET /{RealmsResource}/{realm}/groups/{id}/members',
    'src/app/HealthResource.java GET /health = GET /health',
    'src/app/RealmsResource.java GET /{RealmsResource} = GET /{RealmsResource}',
  ]);
  assert.equal(await dumpGraph(root), await freshDumpOf(root, cleanups));
});

test('a locator whose return type is written with its package serves that package\'s class, not another of the same name', async () => {
  const groups = (pkg: string) => `package ${pkg};\nimport javax.ws.rs.*;\npublic class GroupsResource {\n    @GET @Path("members")\n    public String members() { return ""; }\n}\n`;
  const project = await generatedProject({
    'src/org/acme/AdminRoot.java': 'package org.acme;\nimport javax.ws.rs.*;\n@Path("/admin")\npublic class AdminRoot {\n    @Path("groups")\n    public org.acme.admin.GroupsResource groups() { return null; }\n}\n',
    'src/org/acme/admin/GroupsResource.java': groups('org.acme.admin'),
    'src/org/acme/client/GroupsResource.java': groups('org.acme.client'),
  });
  cleanups.push(project.cleanup);
  await indexProject({ root: project.root, mode: 'full', command: 'test', workers: 1 });
  assert.deepEqual(await routeNames(project.root), [
    'src/org/acme/admin/GroupsResource.java GET /{GroupsResource}/members = GET /admin/groups/members',
    'src/org/acme/client/GroupsResource.java GET /{GroupsResource}/members = GET /{GroupsResource}/members',
  ]);
});

const ASPNET_BASE = (template: string) => `using Microsoft.AspNetCore.Mvc;\n[ApiController]\n${template}\npublic abstract class ApiBase : ControllerBase { }\n`;
const ASPNET_DEVICES = 'public class DevicesController : ApiBase {\n    [HttpGet("Info")]\n    public string Info() => "";\n    [HttpGet]\n    public string List() => "";\n    [HttpGet("/health")]\n    public string Health() => "";\n}\n';

test('ASP.NET controllers inherit the nearest base\'s route template across files, [controller] their own name; a project base without one gives none, as a base from outside does; an edit keeps the index equal to a fresh one', async () => {
  const project = await generatedProject({
    'Api/ApiBase.cs': ASPNET_BASE('[Route("api/[controller]")]'),
    'Api/DevicesController.cs': ASPNET_DEVICES,
    'Api/AdminBase.cs': 'public abstract class AdminBase : ApiBase { }\n',
    'Api/UsersController.cs': 'public class UsersController : AdminBase {\n    [HttpGet("{id}")]\n    public string Get(int id) => "";\n}\n',
    'Api/PlainBase.cs': 'public abstract class PlainBase : Controller { }\n',
    'Api/HomeController.cs': 'public class HomeController : PlainBase {\n    [HttpGet("about")]\n    public string About() => "";\n}\n',
    'Api/OutsideController.cs': 'public class OutsideController : VendorBase {\n    [HttpGet("v")]\n    public string V() => "";\n}\n',
    'Api/Pair.cs': 'public class OrdersController : ApiBase { [HttpGet("o")] public void O() {} }\npublic class CartsController : ApiBase { [HttpGet("c")] public void C() {} }\n',
    'Api/EntityBase.cs': 'public abstract class EntityBase { }\n',
    'Api/Invoice.cs': 'public class Invoice : EntityBase {\n    [HttpPost("pay")]\n    public void Pay() {}\n}\n',
  });
  cleanups.push(project.cleanup);
  const { root } = project;
  await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  assert.deepEqual(await routeNames(root), [
    'Api/DevicesController.cs GET /health = GET /health',
    'Api/DevicesController.cs GET /{ApiBase} = GET /api/Devices',
    'Api/DevicesController.cs GET /{ApiBase}/Info = GET /api/Devices/Info',
    'Api/HomeController.cs GET /{PlainBase}/about = GET /about',
    'Api/Invoice.cs POST /{EntityBase}/pay = POST /pay',
    'Api/OutsideController.cs GET /{VendorBase}/v = GET /v',
    'Api/Pair.cs GET /{ApiBase}/c = GET /api/Carts/c',
    'Api/Pair.cs GET /{ApiBase}/o = GET /api/Orders/o',
    'Api/UsersController.cs GET /{AdminBase}/{id} = GET /api/Users/{id}',
  ]);

  // The base's template changes: every controller below it follows.
  writeFileSync(join(root, 'Api/ApiBase.cs'), ASPNET_BASE('[Route("v2/[controller]")]'));
  await indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });
  assert.ok((await routeNames(root)).includes('Api/UsersController.cs GET /{AdminBase}/{id} = GET /v2/Users/{id}'));
  assert.equal(await dumpGraph(root), await freshDumpOf(root, cleanups));

  // A controller takes a template of its own: it no longer inherits.
  writeFileSync(join(root, 'Api/DevicesController.cs'), `[Route("gear")]\n${ASPNET_DEVICES}`);
  await indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });
  assert.ok((await routeNames(root)).includes('Api/DevicesController.cs GET /gear/Info = GET /gear/Info'));
  assert.equal(await dumpGraph(root), await freshDumpOf(root, cleanups));
});

test('an inherited template is followed down MAX_TEMPLATE_DEPTH classes; below, a route keeps its base\'s name; a cycle of classes ends', async () => {
  const chain = ['[Route("root")]', 'public class C0 : ControllerBase { }'];
  for (let i = 1; i <= MAX_TEMPLATE_DEPTH + 1; i++) chain.push(`public class C${i} : C${i - 1} { [HttpGet("x${i}")] public void M${i}() {} }`);
  const project = await generatedProject({
    'Chain.cs': `${chain.join('\n')}\n`,
    'Cycle.cs': '[Route("api/[controller]")]\npublic class ABase : BBase { [HttpGet("a")] public void A() {} }\npublic class BBase : ABase { [HttpGet("b")] public void B() {} }\n',
  });
  cleanups.push(project.cleanup);
  await indexProject({ root: project.root, mode: 'full', command: 'test', workers: 1 });
  const names = await routeNames(project.root);
  assert.ok(names.includes(`Chain.cs GET /{C${MAX_TEMPLATE_DEPTH - 1}}/x${MAX_TEMPLATE_DEPTH} = GET /root/x${MAX_TEMPLATE_DEPTH}`));
  assert.ok(names.includes(`Chain.cs GET /{C${MAX_TEMPLATE_DEPTH}}/x${MAX_TEMPLATE_DEPTH + 1} = GET /{C${MAX_TEMPLATE_DEPTH}}/x${MAX_TEMPLATE_DEPTH + 1}`));
  assert.ok(names.includes('Cycle.cs GET /{ABase}/b = GET /api/BBase/b'));
  assert.ok(names.includes('Cycle.cs GET /api/ABase/a = GET /api/ABase/a'));
});

test('an inherited template\'s [action] is each action\'s name; a project base named like a framework one passes its template on; a chain without templates gives none, whatever else the project holds', async () => {
  const project = await generatedProject({
    'Api/ApiController.cs': '[Route("api/[controller]/[action]")]\npublic abstract class ApiController : ControllerBase { }\n',
    'Api/OrdersController.cs': 'public class OrdersController : ApiController {\n    [HttpGet]\n    public void List() {}\n    [HttpPost("{id}")]\n    public Task CancelAsync(int id) => null;\n}\n',
    'Model/ModelBase.cs': 'public abstract class ModelBase { }\n',
    'Model/EntityBase.cs': 'public abstract class EntityBase : ModelBase { }\n',
    'Model/Invoice.cs': 'public class Invoice : EntityBase {\n    [HttpPost("pay")]\n    public void Pay() {}\n}\n',
  });
  cleanups.push(project.cleanup);
  await indexProject({ root: project.root, mode: 'full', command: 'test', workers: 1 });
  assert.deepEqual(await routeNames(project.root), [
    'Api/OrdersController.cs GET /{ApiController} = GET /api/Orders/List',
    'Api/OrdersController.cs POST /{ApiController}/{id} = POST /api/Orders/Cancel/{id}',
    'Model/Invoice.cs POST /{EntityBase}/pay = POST /pay',
  ]);
});
