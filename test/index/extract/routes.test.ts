import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routeName, routePath } from '../../../src/index/extract/routes.js';

test('routePath gives back the path a route name was made from, and a bare path as it is', () => {
  assert.equal(routePath(routeName('GET', '/users/:id')), '/users/:id');
  assert.equal(routePath(routeName('ANY', '/')), '/');
  assert.equal(routePath('POST /a b'), '/a b');
  assert.equal(routePath('{GroupResource}/roles'), '{GroupResource}/roles');
});
