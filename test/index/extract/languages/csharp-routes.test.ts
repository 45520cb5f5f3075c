import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../src/model.js';
import { routeLines } from '../../../support/route-lines.js';

const routes = (ex: FileExtraction): string[] => routeLines(ex, { keep: (r) => r.kind === 'calls' });

test('ASP.NET controllers: verb attributes under the class template with its tokens, an action\'s own Route, a rooted path', async () => {
  const source = [
    '[ApiController]',
    '[Route("api/[controller]")]',
    'public class OrdersController : ControllerBase {',
    '    [HttpGet]',
    '    public IActionResult List() => Ok();',
    '    [HttpGet("{id:int}")]',
    '    public IActionResult Get(int id) => Ok(Find(id));',
    '    [HttpPost("[action]")]',
    '    public IActionResult Cancel() => Ok();',
    '    [Route("bulk")]',
    '    [HttpPut]',
    '    public void Bulk() {}',
    '    [HttpDelete("/admin/orders/{id}")]',
    '    public void Purge(int id) {}',
    '    public void NotAnAction() {}',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('c_sharp', source, 'Controllers/OrdersController.cs');
  assert.deepEqual(routes(ex), [
    'GET /api/Orders -> this.List', 'GET /api/Orders/{id:int} -> this.Get', 'POST /api/Orders/Cancel -> this.Cancel', 'PUT /api/Orders/bulk -> this.Bulk', 'DELETE /admin/orders/{id} -> this.Purge',
  ]);
});

test('ASP.NET controllers without a template of their own: under their base class\'s name in braces, none under the framework\'s base; the classes of the chains templates are inherited along are recorded', async () => {
  const source = [
    '[ApiController]',
    '[Route("api/[controller]")]',
    'public abstract class ApiBase : ControllerBase { }',
    'public class DevicesController : ApiBase, IDisposable {',
    '    [HttpGet("Info")]',
    '    public string Info() => "";',
    '    [HttpGet]',
    '    public string List() => "";',
    '    [HttpGet("/health")]',
    '    public string Health() => "";',
    '}',
    'public class PlainController : Microsoft.AspNetCore.Mvc.Controller {',
    '    [HttpGet("x")]',
    '    public string X() => "";',
    '    [HttpGet]',
    '    public string NoTemplate() => "";',
    '}',
    'public class Paged : PagedBase<Item> { [HttpGet("p")] public void P() {} }',
    'public class Disposer : IDisposable { [HttpGet("d")] public void D() {} }',
    '',
  ].join('\n');
  const ex = await extractSource('c_sharp', source, 'Controllers/Devices.cs');
  assert.deepEqual(routes(ex), [
    'GET /{ApiBase}/Info -> this.Info', 'GET /{ApiBase} -> this.List', 'GET /health -> this.Health', 'GET /x -> this.X', 'GET /{PagedBase}/p -> this.P', 'GET /d -> this.D',
  ]);
  assert.deepEqual(ex.routeTemplates, [
    { className: 'ApiBase', template: 'api/[controller]', line: 1 },
    { className: 'DevicesController', base: 'ApiBase', line: 4 },
    { className: 'PlainController', line: 12 },
    { className: 'Paged', base: 'PagedBase', line: 18 },
  ]);
});

test('ASP.NET minimal APIs: MapGet and the rest, a group\'s prefix, a lambda\'s calls the route\'s', async () => {
  const source = [
    'var app = builder.Build();',
    'app.MapGet("/", () => "hi");',
    'var api = app.MapGroup("/api");',
    'api.MapPost("/todos", Todos.Create);',
    'api.MapDelete("/todos/{id}", (int id, TodoDb db) => db.Remove(id));',
    'app.Run();',
    '',
  ].join('\n');
  const ex = await extractSource('c_sharp', source, 'Program.cs');
  assert.deepEqual(routes(ex), ['GET / -> ', 'POST /api/todos -> Todos.Create', 'DELETE /api/todos/{id} -> TodoDb.Remove']);
});

test('a minimal API lambda with an explicit return type (C# 10) is read, by a second parse with the type blanked; a generic method\'s own type parameters are kept', async () => {
  const source = [
    'static class WebHooksApi {',
    '    public static void Map(WebApplication app) {',
    '        var api = app.MapGroup("/api/webhooks");',
    '        api.MapGet("/{id:int}", async Task<Results<Ok<Subscription>, NotFound<string>>> (',
    '            int id, WebhooksContext context) =>',
    '        {',
    '            return await Find(context, id);',
    '        });',
    '        api.MapDelete("/{id:int}", Results<Accepted, NotFound> (int id) => Remove(id));',
    '    }',
    '    static T Pick<T>(T x) => x;',
    '    static async Task<Subscription> Find(WebhooksContext context, int id) => null;',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('c_sharp', source, 'WebHooksApi.cs');
  assert.equal(ex.parseErrors, 0);
  assert.deepEqual(routes(ex), ['GET /api/webhooks/{id:int} -> Find', 'DELETE /api/webhooks/{id:int} -> Remove']);
  assert.deepEqual(ex.symbols.filter((s) => s.kind === 'method').map((s) => [s.name, s.signature]), [
    ['Map', 'public static void Map(WebApplication app)'], ['Pick', 'static T Pick<T>(T x)'], ['Find', 'static async Task<Subscription> Find(WebhooksContext context, int id)'],
  ]);
});

test('an ASP.NET base is named by its last segment, without type arguments, whatever its project name (Web API 2\'s ApiController is a project\'s base here)', async () => {
  const source = [
    'public class OrdersController : ApiController { [HttpGet("x")] public void X() {} }',
    'public class ItemsController : Acme.Web.GenericBase<Item> { [HttpGet("y")] public void Y() {} }',
    '',
  ].join('\n');
  const ex = await extractSource('c_sharp', source, 'Controllers.cs');
  assert.deepEqual(routes(ex), ['GET /{ApiController}/x -> this.X', 'GET /{GenericBase}/y -> this.Y']);
});

test('an [action] token is the action\'s name without an Async suffix, or its ActionName; tokens in any case, as ASP.NET Core reads them', async () => {
  const source = [
    '[Route("api/[Controller]/[Action]")]',
    'public class OrdersController : ControllerBase {',
    '    [HttpGet] public Task<IActionResult> ListAsync() => null;',
    '    [HttpGet] public IActionResult Async() => null;',
    '    [HttpGet, ActionName("Summary")] public IActionResult Totals() => null;',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('c_sharp', source, 'OrdersController.cs');
  assert.deepEqual(routes(ex), ['GET /api/Orders/List -> this.ListAsync', 'GET /api/Orders/Async -> this.Async', 'GET /api/Orders/Summary -> this.Totals']);
});
