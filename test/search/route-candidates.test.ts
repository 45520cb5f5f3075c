/**
 * The routes a query writes, found in the search: by whole path under their mounts or by declared
 * name, trailing `/` or not, and in any placeholder style (route-candidates.ts, written-routes.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { searchSymbols } from '../../src/search/index.js';
import { hasRouteAt } from '../../src/search/route-candidates.js';
import { openGeneratedProject, type OpenedProject } from '../support/fixture-project.js';

describe('searchSymbols for several routes a sentence writes', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({
      'web/headers.py': 'def parse_header(value):\n    """Parse a request header value into its options, split on semicolons."""\n    return value.split(";")\n',
      'srv/app.js': [
        "const express = require('express');",
        "const admin = require('./admin');",
        'const app = express();',
        "app.use('/admin', admin);",
        "function showSettings(req, res) { res.send('ok'); }",
        "app.get('/settings', showSettings);",
        "function showAbout(req, res) { res.send('about'); }",
        "app.get('/about/', showAbout);",
        "function showMember(req, res) { res.send(req.params.id); }",
        "app.get('/members/:id', showMember);",
        "function showMemberPost(req, res) { res.send(req.params.post); }",
        "app.get('/members/:id/posts/:post', showMemberPost);",
        '/** Gets a member of the members list, and a member\'s posts: the member is the post\'s author. */',
        'function getMemberPost(member, post) { return member + post; }',
        '',
      ].join('\n'),
      'srv/admin.js': [
        "const express = require('express');",
        'const router = express.Router();',
        "function adminSettings(req, res) { res.send('admin'); }",
        "router.get('/settings', adminSettings);",
        "function adminPanel(req, res) { res.send('panel'); }",
        "router.get('/panel', adminPanel);",
        'module.exports = router;',
        '',
      ].join('\n'),
    });
  });
  after(() => project.close());
  const all = (query: string): string[] => searchSymbols(project.index.store, query, { fuzzy: false }).matches.map((m) => m.node.qualifiedName);

  test('a router mounted under a prefix: the route whose whole path is written, not the one declared with it', () => {
    // The router's `GET /settings` mounted under `/admin` is `GET /admin/settings`: the root's is the one written.
    const root = all('which function answers GET /settings when a request header value is split into its options');
    assert.deepEqual(root.slice(0, 3), ['showSettings', 'GET /settings', 'parse_header'], root.join(', '));
    const admin = all('which function answers GET /admin/settings when a request header value is split into its options');
    assert.deepEqual(admin.slice(0, 2), ['adminSettings', 'GET /admin/settings'], admin.join(', '));
  });

  test('each is looked for by its whole path, then by its declared name', () => {
    // `/settings` is the root's (the router's is `/admin/settings`); `/panel` is only the router's.
    const both = all('which functions answer GET /settings and GET /panel when a request header value is split into its options');
    assert.deepEqual(both.slice(0, 4).sort(), ['GET /admin/panel', 'GET /settings', 'adminPanel', 'showSettings'], both.join(', '));
  });

  test('a route written in another placeholder style is the declared one, in a sentence or alone', () => {
    assert.deepEqual(all('which function answers GET /members/{member_id} when a request header value is split into its options').slice(0, 2), ['showMember', 'GET /members/:id']);
    // By its words alone, getMemberPost would come first: it holds them in its name and docstring.
    assert.equal(all('member post get members posts')[0], 'getMemberPost');
    assert.equal(all('/members/<int:member>/posts/<post>')[0], 'GET /members/:id/posts/:post');
    assert.equal(all('GET /members/[member]')[0], 'GET /members/:id');
    assert.equal(all('members/<member>/posts/<post>')[0], 'GET /members/:id/posts/:post');
    // The route of that shape, not the longer one holding the same words and more.
    assert.equal(all('GET /members/{member}')[0], 'GET /members/:id');
  });

  test('a trailing slash, written or declared, makes no difference', () => {
    assert.deepEqual(all('which function answers GET /about when a request header value is split into its options').slice(0, 2), ['showAbout', 'GET /about/']);
    assert.deepEqual(all('which function answers GET /settings/ when a request header value is split into its options').slice(0, 2), ['showSettings', 'GET /settings']);
  });
});

describe('routes past what a read by prefix takes', () => {
  let project: OpenedProject;
  // More routes under one prefix than PREFIX_ROUTES, and more than that from the root: the routes
  // sort by name, so `r7` comes after `r299` and `/:team/dashboard` after the `/:org/…` ones; and
  // more functions than that whose names and docstrings hold the routes' words.
  const ROUTES = 400;
  before(async () => {
    const lines = ["const express = require('express');", 'const app = express();', 'function show(req, res) { res.send(req.params.id); }'];
    // Symbols of other kinds holding a route's words, indexed before the routes.
    for (let i = 0; i < ROUTES; i++) lines.push(`/** The team dashboard's projects. */`, `function dashboardProjects${i}(team) { return team.projects; }`);
    for (let i = 0; i < ROUTES; i++) lines.push(`app.get('/projects/:id/r${i}', show);`, `app.get('/:org/o${i}', show);`);
    lines.push("app.get('/:team/dashboard', show);", '');
    project = await openGeneratedProject({ 'srv/app.js': lines.join('\n') });
  });
  after(() => project.close());
  const first = (query: string): string | undefined => searchSymbols(project.index.store, query, { fuzzy: false }).matches[0]?.node.qualifiedName;

  test('a route under a prefix hundreds of routes share is found in any placeholder style', () => {
    assert.equal(first('GET /projects/{project_id}/r7'), 'GET /projects/:id/r7');
    assert.equal(first('/projects/<int:pk>/r350'), 'GET /projects/:id/r350');
    assert.equal(hasRouteAt(project.index.store, '/projects/{id}/r7'), true);
    assert.equal(hasRouteAt(project.index.store, '/projects/[id]/r0'), true);
  });

  test('a route whose path starts with a placeholder is found past the others from the root', () => {
    assert.equal(first('GET /{team_slug}/dashboard'), 'GET /:team/dashboard');
    assert.equal(hasRouteAt(project.index.store, '/{team}/dashboard'), true);
  });

  test('no route of another shape or path is taken for the one written', () => {
    assert.equal(hasRouteAt(project.index.store, '/projects/{id}/r400'), false);
    assert.equal(hasRouteAt(project.index.store, '/projects/{id}/{x}/r7'), false);
    assert.equal(hasRouteAt(project.index.store, '/projects/r7'), false);
  });
});
