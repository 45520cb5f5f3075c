import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../src/model.js';
import { routeLines } from '../../../support/route-lines.js';

const routes = (ex: FileExtraction): string[] => routeLines(ex);

test('Spring routes: mapping annotations under the class prefix, RequestMapping\'s methods, several paths, none', async () => {
  const source = [
    '@RestController',
    '@RequestMapping("/api/users")',
    'public class UserController {',
    '    @GetMapping("/{id}")',
    '    public User get(@PathVariable long id) { return repo.find(id); }',
    '    @PostMapping',
    '    public User create(@RequestBody User u) { return repo.save(u); }',
    '    @RequestMapping(value = {"/a", "/b"}, method = {RequestMethod.PUT, RequestMethod.PATCH})',
    '    public void both() {}',
    '    @DeleteMapping(path = "/{id}")',
    '    public void remove(long id) {}',
    '    public void helper() {}',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('java', source, 'src/main/java/app/UserController.java');
  assert.deepEqual(routes(ex), [
    'GET /api/users/{id} -> this.get', 'POST /api/users -> this.create', 'PUT /api/users/a -> this.both', 'PATCH /api/users/a -> this.both',
    'PUT /api/users/b -> this.both', 'PATCH /api/users/b -> this.both', 'DELETE /api/users/{id} -> this.remove',
  ]);
  const controller = ex.symbols.findIndex((s) => s.name === 'UserController');
  assert.ok(ex.symbols.filter((s) => s.kind === 'route').every((s) => s.parent === controller), 'routes are the class\'s');
  assert.equal(ex.symbols.find((s) => s.name === 'get')?.kind, 'method');
});

test('JAX-RS routes: the method annotation with the method\'s and the class\'s @Path', async () => {
  const source = [
    '@Path("/orders")',
    'public class Orders {',
    '    @GET',
    '    public List<Order> all() { return List.of(); }',
    '    @POST @Path("{id}/cancel")',
    '    public void cancel(@PathParam("id") String id) {}',
    '}',
    'class Plain { @GET public void notARoute() {} }',
    '',
  ].join('\n');
  const ex = await extractSource('java', source, 'Orders.java');
  assert.deepEqual(routes(ex), ['GET /orders -> this.all', 'POST /orders/{id}/cancel -> this.cancel']);
});

test('a JAX-RS sub-resource (a class without @Path) has its routes under its name in braces; an interface, a Retrofit client or a file without JAX-RS has none', async () => {
  const source = [
    'import jakarta.ws.rs.*;',
    'public class GroupResource {',
    '    @GET',
    '    public Group get() { return null; }',
    '    @DELETE @Path("members/{id}")',
    '    public void remove(@PathParam("id") String id) {}',
    '}',
    'interface Api { @GET List<Group> all(); }',
    'interface GitHub { @GET("users/{user}/repos") Call<List<Repo>> repos(@Path("user") String user); }',
    '',
  ].join('\n');
  const ex = await extractSource('java', source, 'GroupResource.java');
  assert.deepEqual(routes(ex), ['GET /{GroupResource} -> this.get', 'DELETE /{GroupResource}/members/{id} -> this.remove']);
  const plain = await extractSource('java', 'class Plain { @GET public void notARoute() {} }\n', 'Plain.java');
  assert.deepEqual(routes(plain), []);
});

test('a JAX-RS sub-resource locator (@Path, no HTTP method) records the class it returns under its path, as its own class writes its routes; nothing else is a locator', async () => {
  const source = [
    'import javax.ws.rs.*;',
    '@Path("/realms/{realm}")',
    'public class RealmResource {',
    '    @Path("groups/{id}")',
    '    public GroupResource group(@PathParam("id") String id) { return new GroupResource(id); }',
    '    @Path("users")',
    '    public admin.UsersResource<User> users() { return null; }',
    '    @GET @Path("info")',
    '    public GroupResource info() { return null; }',
    '    @Path("any")',
    '    public Object dynamic() { return null; }',
    '    @Path("none")',
    '    public void nothing() {}',
    '}',
    'class GroupResource {',
    '    @Path("roles")',
    '    public RoleMapper roles() { return null; }',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('java', source, 'RealmResource.java');
  assert.deepEqual(ex.locators, [
    { prefix: '/realms/{realm}/groups/{id}', typeName: 'GroupResource', line: 4 },
    { prefix: '/realms/{realm}/users', typeName: 'UsersResource', line: 6 },
    { prefix: '/realms/{realm}/any', typeName: 'Object', line: 10 },
    { prefix: '/{GroupResource}/roles', typeName: 'RoleMapper', line: 16 },
  ]);
  assert.ok(routes(ex).includes('GET /realms/{realm}/info -> this.info'), 'a method with an HTTP method is a route, not a locator');
  const plain = await extractSource('java', 'class Plain { @Path("x") public Plain sub() { return this; } }\n', 'Plain.java');
  assert.equal(plain.locators, undefined, 'without JAX-RS imported, @Path is someone else\'s');
});

test('a path written with constants keeps its written parts, each constant as its name in braces', async () => {
  const source = [
    '@RestController',
    '@RequestMapping(ApiPaths.BASE + "/users")',
    'public class UserController {',
    '    @GetMapping(value = {ApiPaths.BY_ID, "/me"})',
    '    public User get() { return null; }',
    '}',
    '@Path("/{version : " + SERVICE_VERSION_FORMAT + "}/{context}/entity/")',
    'public class EntityResource {',
    '    @GET @Path("{type}/{id}")',
    '    public Response find() { return null; }',
    '    @DELETE @Path(helper())',
    '    public Response remove() { return null; }',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('java', source, 'src/main/java/app/UserController.java');
  assert.deepEqual(routes(ex), [
    'GET /{ApiPaths.BASE}/users/{ApiPaths.BY_ID} -> this.get', 'GET /{ApiPaths.BASE}/users/me -> this.get',
    'GET /{version : {SERVICE_VERSION_FORMAT}}/{context}/entity/{type}/{id} -> this.find', 'DELETE /{version : {SERVICE_VERSION_FORMAT}}/{context}/entity -> this.remove',
  ]);
});

