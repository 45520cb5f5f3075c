/**
 * The JSON API over a real index of the shop fixture, through the handler and the view's own
 * server on loopback: answers, refusals (403 foreign Origin, 404 outside the root, 405 non-GET)
 * and the event stream telling a listener that the index changed.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { ProjectServices } from '../../../src/project/project-services.js';
import { createViewHandler } from '../../../src/view/handler.js';
import { startViewServer, type RunningViewServer } from '../../../src/view/view-server.js';
import { fixtureProject, type FixtureProject } from '../../support/fixture-project.js';
import { indexProject } from '../../../src/index/sync/index.js';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

let project: FixtureProject;
let services: ProjectServices;
let server: RunningViewServer;

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.address.port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function json<T>(path: string): Promise<T> {
  const reply = await get(path);
  assert.equal(reply.status, 200, reply.body);
  return JSON.parse(reply.body) as T;
}

before(async () => {
  project = await fixtureProject('shop', import.meta.url);
  services = new ProjectServices();
  server = await startViewServer({ host: '127.0.0.1', port: 0 }, createViewHandler({ root: project.root, services, pollMs: 50 }));
});

after(async () => {
  await server.close();
  services.close();
  project.cleanup();
});

describe('the view API', () => {
  test('map lists every file once, with import and call links between them', async () => {
    const map = await json<{ totalFiles: number; nodes: { id: string; kind: string }[]; links: { from: string; to: string; kind: string }[] }>('/view/api/map');
    assert.equal(map.totalFiles, 11);
    assert.equal(map.nodes.filter((n) => n.kind === 'file').length, 11);
    assert.ok(map.links.some((l) => l.from === 'src/index.ts' && l.to === 'src/cart.ts' && l.kind === 'imports'));
    assert.ok(map.links.some((l) => l.from === 'src/cart.ts' && l.to === 'src/pricing.ts' && l.kind === 'calls'));
  });

  test('search ranks with the search engine and applies its filters', async () => {
    const found = await json<{ results: { name: string; path: string; kind: string }[] }>('/view/api/search?q=checkout%20kind:method');
    assert.deepEqual(found.results.map((r) => `${r.kind} ${r.name} ${r.path}`), ['method checkout src/cart.ts']);
    const python = await json<{ results: { path: string }[] }>('/view/api/search?q=order%20lang:python');
    assert.ok(python.results.length > 0 && python.results.every((r) => r.path.endsWith('.py')));
  });

  test('symbol answers callers to the left and callees to the right, to depth 2', async () => {
    const [hit] = (await json<{ results: { id: number }[] }>('/view/api/search?q=Cart.checkout')).results;
    const hood = await json<{ nodes: { name: string; side: string; depth: number }[] }>(`/view/api/symbol?id=${hit?.id ?? -1}`);
    const names = (side: string, depth: number): string[] => hood.nodes.filter((n) => n.side === side && n.depth === depth).map((n) => n.name).sort();
    assert.deepEqual(names('center', 0), ['checkout']);
    assert.ok(names('in', 1).includes('main'));
    assert.ok(names('out', 1).includes('total'));
    assert.ok(names('out', 2).includes('applyDiscount'), `depth 2: ${names('out', 2).join(', ')}`);
  });

  test('a type\'s neighbourhood holds the types that implement it, and theirs the type they implement', async () => {
    const [repo] = (await json<{ results: { id: number }[] }>('/view/api/search?q=Repo%20kind:interface')).results;
    const hood = await json<{ nodes: { name: string; side: string }[]; edges: { relation: string }[] }>(`/view/api/symbol?id=${repo?.id ?? -1}`);
    assert.ok(hood.nodes.some((n) => n.name === 'MemoryRepo' && n.side === 'in'), hood.nodes.map((n) => `${n.side} ${n.name}`).join(', '));
    assert.ok(hood.edges.some((e) => e.relation === 'implements'));
    const [memory] = (await json<{ results: { id: number }[] }>('/view/api/search?q=MemoryRepo%20kind:class')).results;
    const out = await json<{ nodes: { name: string; side: string }[] }>(`/view/api/symbol?id=${memory?.id ?? -1}`);
    assert.ok(out.nodes.some((n) => n.name === 'Repo' && n.side === 'out'));
  });

  test('source answers the symbol\'s lines, current and not stale', async () => {
    const [hit] = (await json<{ results: { id: number }[] }>('/view/api/search?q=Cart.checkout')).results;
    const source = await json<{ path: string; from: number; startLine: number; lines: string[]; stale: boolean }>(`/view/api/source?id=${hit?.id ?? -1}`);
    assert.equal(source.path, 'src/cart.ts');
    assert.equal(source.stale, false);
    assert.match(source.lines[source.startLine - source.from] ?? '', /checkout/);
  });

  test('impact of a file lists the tests it reaches', async () => {
    const impact = await json<{ count: number; tests: { path: string }[] }>('/view/api/impact?file=src/pricing.ts');
    assert.ok(impact.count > 0);
    assert.ok(impact.tests.some((t) => t.path === 'tests/cart.test.ts'));
  });

  const refusals: readonly [string, string, Record<string, string>, number][] = [
    ['a foreign Origin', '/view/api/map', { origin: 'https://evil.example' }, 403],
    ['a rebound Host name', '/view/api/map', { host: 'evil.example' }, 403],
    ['a source path outside the root', '/view/api/source?path=../../etc/passwd', {}, 404],
    ['an absolute source path elsewhere', '/view/api/source?path=/etc/passwd', {}, 404],
    ['an impact file outside the root', '/view/api/impact?file=..%2F..%2Fetc%2Fpasswd', {}, 404],
    ['a dot segment in the path', '/view/../etc/passwd', {}, 404],
    ['an unknown symbol', '/view/api/symbol?id=999999', {}, 404],
    ['a search without words', '/view/api/search?q=', {}, 400],
    ['an id that is no number', '/view/api/symbol?id=abc', {}, 400],
  ];
  for (const [what, path, headers, status] of refusals) {
    test(`${what} is answered ${status} with a JSON message`, async () => {
      const reply = await get(path, headers);
      assert.equal(reply.status, status, reply.body);
      assert.equal(typeof (JSON.parse(reply.body) as { error?: unknown }).error, 'string');
    });
  }

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    test(`${method} is answered 405 with Allow: GET`, async () => {
      const reply = await get('/view/api/map', {}, method);
      assert.equal(reply.status, 405);
      assert.equal(reply.headers['allow'], 'GET');
    });
  }

  test('the page is served with a policy that allows only its own scripts', async () => {
    const reply = await get('/view/');
    assert.equal(reply.status, 200);
    assert.match(String(reply.headers['content-type']), /^text\/html/);
    assert.match(String(reply.headers['content-security-policy']), /script-src 'self'/);
    assert.match(reply.body, /<script type="module" src="\/view\/app\.js">/);
  });

  test('the event stream says when a sync changed the index', async () => {
    const events: string[] = [];
    const changed = new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.address.port, path: '/view/api/events' }, (res) => {
        assert.equal(res.headers['content-type'], 'text/event-stream');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          events.push(chunk);
          if (chunk.includes('event: hello')) {
            appendFileSync(join(project.root, 'src', 'pricing.ts'), '\nexport const addedForEvents = 1;\n');
            void indexProject({ root: project.root, mode: 'incremental', command: 'test', workers: 1 }).catch(reject);
          }
          if (chunk.includes('event: index')) {
            req.destroy();
            resolve();
          }
        });
      });
      req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      req.end();
    });
    await changed;
    assert.ok(events.join('').includes('event: index'));
  });
});

describe('warming', () => {
  test('warm opens the project\'s index before any request, and without a project does nothing', async () => {
    const own = new ProjectServices();
    try {
      const handler = createViewHandler({ root: project.root, services: own, pollMs: 50 });
      assert.deepEqual(own.retained(), []);
      await handler.warm();
      assert.deepEqual(own.retained(), [project.root]);
      handler.close();
    } finally {
      own.close();
    }
    const fresh = new ProjectServices();
    try {
      const none = createViewHandler({ root: undefined, services: fresh, pollMs: 50 });
      await none.warm();
      assert.deepEqual(fresh.retained(), [], 'nothing opened without a project');
      none.close();
    } finally {
      fresh.close();
    }
  });
});
