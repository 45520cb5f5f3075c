import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isRouteText, queryRoutes, routePattern, routePrefix, routeWords, writtenRoutes } from '../../src/search/written-routes.js';

const EVERY_METHOD = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'ANY'];

describe('writtenRoutes', () => {
  test('a path after its method names that route, and the route of any method', () => {
    assert.deepEqual(writtenRoutes('which controller action handles POST /login and how does it check the password'), ['POST /login', 'ANY /login']);
    assert.deepEqual(writtenRoutes('which action handles POST /projects/:project_id/issues?'), ['POST /projects/:project_id/issues', 'ANY /projects/:project_id/issues']);
  });

  test('several methods written before one path name one route each', () => {
    assert.deepEqual(writtenRoutes('which handler serves GET and POST /search, and how'), ['GET /search', 'POST /search', 'ANY /search']);
    assert.deepEqual(writtenRoutes('PUT, PATCH or DELETE /users/{id}'), ['PUT /users/{id}', 'PATCH /users/{id}', 'DELETE /users/{id}', 'ANY /users/{id}']);
  });

  test('a path without a method names the route of every method', () => {
    assert.deepEqual(writtenRoutes('what does /api/login/ return'), EVERY_METHOD.map((m) => `${m} /api/login/`));
  });

  test('relative file paths, URLs, a lone slash and paths without a letter name no route', () => {
    assert.deepEqual(writtenRoutes('how does lib/response.js send ./static files or http://example.com/a'), []);
    assert.deepEqual(writtenRoutes('GET / and /123/456'), []);
  });

  test('a path holds placeholders of every style and an @', () => {
    assert.deepEqual(writtenRoutes('GET /@:username/<int:id>/{slug}/*rest'), ['GET /@:username/<int:id>/{slug}/*rest', 'ANY /@:username/<int:id>/{slug}/*rest']);
  });

  test('a pasted text gives at most three paths, and a path past 200 characters none', () => {
    const many = Array.from({ length: 50 }, (_, i) => `GET /p${i}`).join(' ');
    assert.deepEqual(writtenRoutes(many), ['GET /p0', 'ANY /p0', 'GET /p1', 'ANY /p1', 'GET /p2', 'ANY /p2']);
    assert.deepEqual(writtenRoutes(`GET /${'a'.repeat(300)}`), []);
  });

  test('long runs of path characters, slashes and methods before a path are read to its route', () => {
    const text = `/${'1'.repeat(200_000)} ${' /'.repeat(100_000)} ${'/:'.repeat(100_000)} ${'GET and '.repeat(20_000)}/x`;
    assert.deepEqual(writtenRoutes(text), ['GET /x', 'ANY /x']);
    // A run of full stops past the length bound is dropped before its end is trimmed.
    assert.deepEqual(writtenRoutes(`GET /a${'.'.repeat(100_000)}b and POST /c.`), ['POST /c', 'ANY /c']);
  });
});

describe('routePattern', () => {
  test('placeholders of every style are one pattern, whatever their names', () => {
    const one = ['GET /users/:id', 'GET /users/{user_id}', 'get /users/<int:id>/', 'GET /users/[id]', 'GET /users/{id:int}', 'GET /users/:id(\\d+)', 'GET /users/{id?}'];
    assert.deepEqual([...new Set(one.map(routePattern))], ['get /users/{}']);
  });

  test('a placeholder taking the rest of the path is another pattern than one segment', () => {
    const rest = ['GET /files/*path', 'GET /files/[...path]', 'GET /files/[[...path]]', 'GET /files/*', 'GET /files/{*path}', 'GET /files/{**path}', 'GET /files/{p:path}', 'GET /files/<path:p>'];
    assert.deepEqual([...new Set(rest.map(routePattern))], ['get /files/{*}']);
    assert.notEqual(routePattern('GET /files/*path'), routePattern('GET /files/:path'));
  });

  test('a constraint holding braces is one placeholder', () => {
    assert.equal(routePattern('GET /users/{id:[0-9]{3}}/posts'), 'get /users/{}/posts');
    assert.equal(routePrefix('GET /users/{id:[0-9]{3}}'), 'GET /users/');
  });

  test('long runs of placeholder characters write no route, and a name past the bound is its key as it is', () => {
    for (const run of ['[', '{', '<', ':a', '*a']) {
      const text = `a/${run.repeat(100_000)}`;
      assert.deepEqual(queryRoutes(text, false), []);
      assert.equal(routePattern(`GET /${run.repeat(100_000)}`), `get /${run.repeat(100_000)}`.toLowerCase());
      assert.equal(routePrefix(`GET /${run.repeat(100_000)}`), undefined);
    }
  });

  test('a colon inside a segment, a method and the literal parts are kept', () => {
    assert.equal(routePattern('GET /v1/things:list'), 'get /v1/things:list');
    assert.notEqual(routePattern('GET /users/:id'), routePattern('POST /users/:id'));
    assert.notEqual(routePattern('GET /users/:id'), routePattern('GET /members/:id'));
  });
});

describe('routePrefix and isRouteText', () => {
  test('the part before the first placeholder, as written; none without a placeholder', () => {
    assert.equal(routePrefix('POST /projects/{id}/issues'), 'POST /projects/');
    assert.equal(routePrefix('GET /@:username/x'), 'GET /@');
    assert.equal(routePrefix('GET /search'), undefined);
  });

  test('a text that is only a route, methods and all, is one; a sentence holding one is not', () => {
    assert.ok(isRouteText('POST /projects/{id}/issues'));
    assert.ok(isRouteText(' /users/<id> '));
    assert.ok(isRouteText('GET and POST /search'));
    assert.ok(!isRouteText('which handler serves /search'));
    assert.ok(!isRouteText('GET'));
    assert.ok(!isRouteText('lib/users.js'));
    // Many method words before a path are no list of methods a route is written with.
    assert.ok(!isRouteText(`${'GET  and  '.repeat(5_000)}x /p`));
    assert.ok(!isRouteText(`${'GET '.repeat(20)}/p`));
  });

  test('a Next.js placeholder is part of a written path', () => {
    assert.deepEqual(writtenRoutes('GET /blog/[slug]'), ['GET /blog/[slug]', 'ANY /blog/[slug]']);
  });
});

describe('queryRoutes', () => {
  test('a sentence, a route alone, or a path with a placeholder and no first slash writes routes', () => {
    assert.deepEqual(queryRoutes('which view serves GET /users/:id', true), ['GET /users/:id', 'ANY /users/:id']);
    assert.deepEqual(queryRoutes('GET /users/{id}', false), ['GET /users/{id}', 'ANY /users/{id}']);
    assert.deepEqual(queryRoutes('users/<int:id>/', false), EVERY_METHOD.map((m) => `${m} /users/<int:id>/`));
  });

  test('names, a list of identifiers and file paths write none', () => {
    const texts = ['lib/users.js', 'users/views', 'getUser parseId', 'Session.flush', 'src/users/[id].tsx', 'app/[id]/page.tsx', 'pkg/Foo[T]', 'github.com/x/y'];
    for (const text of texts) assert.deepEqual(queryRoutes(text, false), [], text);
  });

  test('a bracket around a path in prose is no part of it', () => {
    assert.deepEqual(writtenRoutes('which view serves [/login] here'), EVERY_METHOD.map((m) => `${m} /login`));
    assert.deepEqual(writtenRoutes('what serves GET /blog/[slug]?'), ['GET /blog/[slug]', 'ANY /blog/[slug]']);
  });
});

describe('routeWords', () => {
  test('the words of a path outside its placeholders, in lower case, each once, without the method', () => {
    assert.deepEqual(routeWords('GET /Projects/{project_id}/r7'), ['projects', 'r7']);
    assert.deepEqual(routeWords('POST /users/<int:user_id>/user_posts/:post'), ['users', 'user', 'posts']);
    assert.deepEqual(routeWords('ANY /{tenant}/[...slug]'), []);
  });
});
