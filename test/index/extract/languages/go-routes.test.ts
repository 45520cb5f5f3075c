import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';
import type { FileExtraction } from '../../../../src/model.js';
import { routeLines } from '../../../support/route-lines.js';

const routes = (ex: FileExtraction, all = false): string[] => routeLines(ex, { refs: all ? 'all' : 'first' });

test('Go routes: net/http patterns, gorilla Methods, Gin and Echo groups, chi methods; clients and caches are not routes', async () => {
  const source = [
    'package main',
    '',
    'func main() {',
    '\thttp.HandleFunc("/hello", hello)',
    '\tmux.HandleFunc("POST /items/{id}", h.createItem)',
    '\tr.HandleFunc("/books/{title}", BookHandler).Methods("GET", "PUT")',
    '\tg := gin.Default()',
    '\tv1 := g.Group("/v1")',
    '\tadmin := v1.Group("/admin")',
    '\tv1.GET("/users/:id", getUser)',
    '\tadmin.Any("/stats", func(c *gin.Context) { c.JSON(200, stats()) })',
    '\te.POST("/login", middleware.Wrap(login))',
    '\tcr.Get("/articles", listArticles)',
    '\tresp, _ := client.Get("/remote")',
    '\tcache.Get("/key", &value)',
    '\tresp, _ = http.Post(srv.URL+"/login", "application/json", body)',
    '\tresp, _ = client.Post(base+"/items", "application/json", payload)',
    '\tresp, _ = http.Get("/local")',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('go', source, 'main.go');
  assert.deepEqual(routes(ex), [
    'ANY /hello -> hello', 'POST /items/{id} -> h.createItem', 'GET /books/{title} -> BookHandler', 'PUT /books/{title} -> BookHandler',
    'GET /v1/users/:id -> getUser', 'ANY /v1/admin/stats -> gin.Context', 'POST /login -> login', 'GET /articles -> listArticles',
  ]);
  // An inline handler's parameter types and calls are the route's.
  assert.match(routes(ex, true).find((r) => r.startsWith('ANY /v1/admin/stats')) ?? '', /-> gin\.Context, \S*JSON, stats$/);
  assert.equal(ex.symbols.find((s) => s.name === 'ANY /hello')?.parent, ex.symbols.findIndex((s) => s.name === 'main'));
});

test('A method written before the path: chi\'s Method and MethodFunc, Gin\'s Handle with three arguments; a lower-case first string is no method', async () => {
  const source = [
    'package api',
    '',
    'func Route(r chi.Router, g *gin.Engine) {',
    '\tr.MethodFunc("GET", "/version", h.Version)',
    '\tr.Method("POST", "/sign", http.HandlerFunc(h.Sign))',
    '\tg.Handle("DELETE", "/items/:id", deleteItem)',
    '\tr.Handle("/metrics", promhttp.Handler())',
    '\tr.MethodFunc("get", "/lower", h.Lower)',
    '\tr.MethodFunc("GET", path, h.Dynamic)',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('go', source, 'api.go');
  assert.deepEqual(routes(ex), ['GET /version -> h.Version', 'POST /sign -> h.Sign', 'DELETE /items/:id -> deleteItem', 'ANY /metrics -> promhttp.Handler']);
});

test('chi mounts: another package\'s router under the path (after a group\'s prefix), tied to that package\'s import; a local router or a non-path is none', async () => {
  const source = [
    'package main',
    '',
    'import (',
    '\t"github.com/go-chi/chi/v5"',
    '\t"example.com/shop/users"',
    '\t"example.com/shop/admin"',
    ')',
    '',
    'func routes() {',
    '\tr := chi.NewRouter()',
    '\tr.Mount("/users", users.Routes())',
    '\tapi := r.Group("/api")',
    '\tapi.Mount("/admin", admin.Handler)',
    '\tr.Mount("/local", localRouter())',
    '\tr.Mount(prefix, users.Routes())',
    '}',
    '',
  ].join('\n');
  const ex = await extractSource('go', source, 'main.go');
  assert.deepEqual(ex.mounts, [{ prefix: '/users', importLine: 5 }, { prefix: '/api/admin', importLine: 6 }]);
});

test('Go route paths joined from strings and names: a top-level constant or variable read as its value (declared after, too), a name bound again or unknown kept in braces, a group\'s and a pattern\'s', async () => {
  const source = [
    'package main',
    '',
    'func routes(prefix string) {',
    '\tr := gin.Default()',
    '\tr.GET(apiPrefix+"/users", listUsers)',
    '\tmux.HandleFunc(prefix+"/login", login)',
    '\tmux.HandleFunc("GET "+apiPrefix+"/items", items)',
    '\tv2 := r.Group(apiPrefix + "/v2")',
    '\tv2.POST("/things", things)',
    '\tmux.HandleFunc(base+"/challenge", challenge)',
    '\tmux.HandleFunc(name+suffix, notAPath)',
    '\tmux.HandleFunc("x"+apiPrefix, noSlash)',
    '}',
    'const apiPrefix = "/api/v1"',
    'var base = "/b"',
    'func other() { base := "x"; _ = base }',
    'var handler = func() { var inner = "/inner"; _ = inner }',
    'func more() { mux.HandleFunc(inner+"/users", users) }',
    '',
  ].join('\n');
  const ex = await extractSource('go', source, 'routes.go');
  assert.deepEqual(routes(ex), [
    'GET /api/v1/users -> listUsers', 'ANY /{prefix}/login -> login', 'GET /api/v1/items -> items', 'POST /api/v1/v2/things -> things', 'ANY /{base}/challenge -> challenge',
    'ANY /{inner}/users -> users',
  ]);
});
