import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { writtenRoutes } from '../../src/search/written-routes.js';

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
