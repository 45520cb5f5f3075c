import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { indexProject } from '../../src/index/sync/index.js';
import { MAX_RETAINED_PROJECTS, ProjectServices } from '../../src/project/project-services.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-services-')));
after(() => rmSync(base, { recursive: true, force: true }));
let counter = 0;

/** Indexes `root` from scratch with one worker. */
async function reindex(root: string): Promise<void> {
  await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
}

let template: string | undefined;

/** A project with a real index: one is built, the others copy its files. */
async function project(): Promise<string> {
  const root = join(base, `p${counter++}`);
  if (template === undefined) {
    mkdirSync(root);
    writeFileSync(join(root, 'a.ts'), 'export function f() { return 1; }\n');
    await reindex(root);
    template = root;
  } else {
    cpSync(template, root, { recursive: true });
  }
  return root;
}

test('ProjectServices retains at most MAX_RETAINED_PROJECTS, releasing the least recently used', async () => {
  const services = new ProjectServices();
  try {
    const roots: string[] = [];
    for (let i = 0; i < MAX_RETAINED_PROJECTS + 1; i++) roots.push(await project());
    for (const root of roots) assert.ok(await services.acquire(root));
    assert.equal(services.retained().length, MAX_RETAINED_PROJECTS);
    assert.equal(services.retained().includes(roots[0] ?? ''), false);
    await services.acquire(roots[1] ?? '');
    assert.equal(services.retained().at(-1), roots[1]);
  } finally {
    services.close();
  }
});

test('ProjectServices releases a project whose index was removed', async () => {
  const services = new ProjectServices();
  try {
    const root = await project();
    assert.ok(await services.acquire(root));
    rmSync(join(root, '.codegraph'), { recursive: true });
    assert.equal(await services.acquire(root), undefined);
    assert.deepEqual(services.retained(), []);
  } finally {
    services.close();
  }
});

test('ProjectServices re-opens a project whose index was re-created', async () => {
  const services = new ProjectServices();
  try {
    const root = await project();
    const first = await services.acquire(root);
    assert.ok(first);
    rmSync(join(root, '.codegraph'), { recursive: true });
    writeFileSync(join(root, 'b.ts'), 'export function added() { return 1; }\n');
    await reindex(root);
    const second = await services.acquire(root);
    assert.ok(second);
    assert.notEqual(second, first);
    assert.ok(second.store.listFiles().some((f) => f.path === 'b.ts'));
  } finally {
    services.close();
  }
});
