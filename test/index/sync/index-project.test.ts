import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { indexProject } from '../../../src/index/sync/index.js';
import { SCHEMA_VERSION } from '../../../src/store/schema.js';
import { SqliteDb } from '../../../src/store/sqlite.js';
import { Prng } from '../../fuzz/prng.js';
import { fixtureProject, generatedProject } from '../../support/fixture-project.js';
import { fullTextSearch } from '../../../src/search/index.js';
import { freshDump as freshDumpOf, randomShopEdits } from '../../support/shop-edits.js';
import { dumpGraph, readStoredIndex } from '../../support/graph-dump.js';
import { withHeldDefinitions } from '../../support/held-definitions.js';
import { C_HELPER_FILES, C_HELPER_STEPS, helperBoundIn } from '../../support/c-helper-moves.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

async function indexed(): Promise<string> {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  return p.root;
}

const freshDump = (root: string): Promise<string> => freshDumpOf(root, cleanups);

/** A generated project, indexed, removed after the file's tests. */
async function generated(files: Readonly<Record<string, string>>): Promise<string> {
  const project = await generatedProject(files);
  cleanups.push(project.cleanup);
  return project.root;
}

const sync = (root: string) => indexProject({ root, mode: 'incremental', command: 'test', workers: 1 });

test('a run reports the bytes its index takes on disk: the whole image, then the image and its change log', async () => {
  const root = await generated({ 'a.py': 'def one():\n    return 1\n' });
  const dir = join(root, '.codegraph');
  const full = await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  assert.equal(full.databaseBytes, statSync(join(dir, 'codegraph.db')).size);
  appendFileSync(join(root, 'a.py'), '\n\ndef two():\n    return 2\n');
  const incremental = await sync(root);
  const log = statSync(join(dir, 'codegraph.changes')).size;
  assert.ok(log > 0, 'the edit is saved to the change log');
  assert.equal(incremental.databaseBytes, statSync(join(dir, 'codegraph.db')).size + log);
});

test('sync re-extracts nothing when no file changed', async () => {
  const root = await indexed();
  const before = await dumpGraph(root);
  const summary = await sync(root);
  assert.equal(summary.parsed, 0);
  assert.equal(summary.unchanged, summary.files);
  assert.equal(await dumpGraph(root), before);
});

test('sync re-extracts every file of an index written by another extraction, once', async () => {
  const root = await indexed();
  const before = await dumpGraph(root);
  const file = join(root, '.codegraph', 'codegraph.db');
  const db = await SqliteDb.open(readFileSync(file));
  db.run(`UPDATE meta SET value = 'older' WHERE key = 'extraction_version'`);
  assert.equal(db.value(`SELECT count(*) FROM meta WHERE key = 'extraction_version'`), 1);
  writeFileSync(file, db.export());
  db.close();
  const summary = await sync(root);
  assert.equal(summary.parsed, summary.files);
  assert.equal(summary.unchanged, 0);
  assert.equal(await dumpGraph(root), before);
  assert.equal((await sync(root)).parsed, 0);
});

test('a whole-project re-extraction of an existing index keeps its search index whole', async () => {
  // Enough files that the sync rewrites them in bulk (full-text index rebuilt once at the end).
  const files: Record<string, string> = {};
  for (let i = 0; i < 80; i++) files[`pkg/mod${i}.py`] = `def handler_${i}(request):\n    """Serves page ${i}."""\n    return helper_${(i + 1) % 80}(request)\n\ndef helper_${i}(request):\n    return request\n`;
  const project = await generatedProject(files);
  cleanups.push(project.cleanup);
  const file = join(project.root, '.codegraph', 'codegraph.db');
  const before = await dumpGraph(project.root);
  const older = await SqliteDb.open(readFileSync(file));
  older.run(`UPDATE meta SET value = 'older' WHERE key = 'extraction_version'`);
  writeFileSync(file, older.export());
  older.close();
  const summary = await sync(project.root);
  assert.equal(summary.parsed, 80);
  assert.equal(await dumpGraph(project.root), before);
  await readStoredIndex(project.root, (store, db) => {
    db.exec(`INSERT INTO node_search(node_search) VALUES('integrity-check')`);
    const hits = fullTextSearch(store, 'handler_41').map((h) => h.node.qualifiedName);
    assert.equal(hits[0], 'handler_41');
  });
});

test('sync treats a touch without a content change as unchanged', async () => {
  const root = await indexed();
  const before = await dumpGraph(root);
  const future = new Date(Date.now() + 60_000);
  utimesSync(join(root, 'src/pricing.ts'), future, future);
  const summary = await sync(root);
  assert.equal(summary.parsed, 1);
  assert.equal(await dumpGraph(root), before);
  assert.equal((await sync(root)).parsed, 0, 'the new mtime is recorded, so the next sync skips the file');
});

test('sync re-indexes a file whose size changed though its modification time was kept', async () => {
  const root = await indexed();
  const file = join(root, 'src/pricing.ts');
  // A whole second, which every file system stores exactly, recorded by a first sync.
  const kept = Math.floor(Date.now() / 1000) - 60;
  utimesSync(file, kept, kept);
  await sync(root);
  appendFileSync(file, '\nexport function keptTimeShipping(amount: number): boolean {\n  return amount > 50;\n}\n');
  utimesSync(file, kept, kept);
  assert.equal(statSync(file).mtimeMs, kept * 1000, 'the edit kept the file\'s mtime');
  const summary = await sync(root);
  assert.equal(summary.parsed, 1);
  assert.match(await dumpGraph(root), /keptTimeShipping/);
  assert.equal(await dumpGraph(root), await freshDump(root));
});

test('sync picks up a modified file and matches a fresh index', async () => {
  const root = await indexed();
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function freeShipping(amount: number): boolean {\n  return applyDiscount(amount, "TEN") > 50;\n}\n');
  const summary = await sync(root);
  assert.equal(summary.parsed, 1);
  const dump = await dumpGraph(root);
  assert.match(dump, /freeShipping/);
  assert.equal(dump, await freshDump(root));
});

test('an edited Cargo.toml renames the crate of Rust files that did not change: sync re-reads them and matches a fresh index', async () => {
  const root = await generated({
    'Cargo.toml': '[package]\nname = "old-name"\nversion = "0.1.0"\n',
    'src/lib.rs': 'pub mod task;\n',
    'src/task.rs': 'pub struct JoinSet;\nimpl JoinSet { pub fn join_next(&self) {} }\n',
    'tests/join.rs': 'use new_name::task::JoinSet;\n\nfn joins(set: JoinSet) { set.join_next(); }\n',
  });
  const bound = /edge tests\/join\.rs#function:joins@\S+ -calls-> src\/task\.rs#method:JoinSet\.join_next@/;
  assert.doesNotMatch(await dumpGraph(root), bound, 'the test names a crate the manifest does not');
  writeFileSync(join(root, 'Cargo.toml'), '[package]\nname = "new-name"\nversion = "0.1.0"\n');
  const summary = await sync(root);
  assert.equal(summary.parsed, 3, 'every Rust file of the package, none of which changed');
  const dump = await dumpGraph(root);
  assert.match(dump, bound);
  assert.equal(dump, await freshDump(root));
  assert.equal((await sync(root)).parsed, 0, 'and once only');
});

for (const held of [undefined, 0]) test(`Go: after edits that make and unmake a type satisfy an interface in another package (its methods compared by name and types), sync equals a fresh index${held === 0 ? ' (definitions read as asked for)' : ''}`, () => withHeldDefinitions(held, async () => {
  const root = await generated({
    'go.mod': 'module example.com/shapes\n\ngo 1.20\n',
    'api/api.go': 'package api\n\ntype Shape interface {\n\tArea() int\n\tName() string\n}\n',
    'square/square.go': 'package square\n\ntype Square struct{}\n\nfunc (s Square) Area() int { return 1 }\n',
    'circle/circle.go': 'package circle\n\ntype Circle struct{}\n\nfunc (c *Circle) Area() int { return 2 }\n\nfunc (c *Circle) Name() string { return "circle" }\n',
  });
  const implementsShape = (dump: string, type: string) => new RegExp(`#struct:${type}@\\S+ -implements-> api/api\\.go#interface:Shape@`).test(dump);
  let dump = await dumpGraph(root);
  assert.equal(implementsShape(dump, 'Circle'), true);
  assert.equal(implementsShape(dump, 'Square'), false);
  // The interface loses a method: Square now satisfies it, though square.go did not change.
  writeFileSync(join(root, 'api/api.go'), 'package api\n\ntype Shape interface {\n\tArea() int\n}\n');
  await sync(root);
  dump = await dumpGraph(root);
  assert.equal(implementsShape(dump, 'Square'), true);
  assert.equal(dump, await freshDump(root));
  // Square gains a method elsewhere in its package, the interface gets it back: both satisfy it.
  writeFileSync(join(root, 'square/name.go'), 'package square\n\nfunc (s Square) Name() string { return "square" }\n');
  writeFileSync(join(root, 'api/api.go'), 'package api\n\ntype Shape interface {\n\tArea() int\n\tName() string\n}\n');
  await sync(root);
  dump = await dumpGraph(root);
  assert.equal(implementsShape(dump, 'Square'), true);
  assert.equal(dump, await freshDump(root));
  // The method goes again: Square no longer does.
  writeFileSync(join(root, 'square/name.go'), 'package square\n');
  await sync(root);
  dump = await dumpGraph(root);
  assert.equal(implementsShape(dump, 'Square'), false);
  assert.equal(implementsShape(dump, 'Circle'), true);
  assert.equal(dump, await freshDump(root));
  // Only the types of the interface's method change: Circle's Name returns a string, no longer the one asked for.
  writeFileSync(join(root, 'api/api.go'), 'package api\n\ntype Shape interface {\n\tArea() int\n\tName() int\n}\n');
  await sync(root);
  dump = await dumpGraph(root);
  assert.equal(implementsShape(dump, 'Circle'), false);
  assert.equal(dump, await freshDump(root));
}));

for (const held of [undefined, 0]) test(`TypeScript: after edits that make and unmake a class match an interface in another file by its methods, sync equals a fresh index${held === 0 ? ' (definitions read as asked for)' : ''}`, () => withHeldDefinitions(held, async () => {
  const root = await generated({
    'src/api.ts': 'export interface Store {\n  get(key: string): string;\n  put(key: string, value: string): void;\n  size(): number;\n}\n',
    'src/memory.ts': 'export class MemoryStore {\n  get(key: string): string { return key; }\n  put(key: string, value: string): void {}\n}\n',
    'src/disk.ts': 'import { Reader } from "./reader";\nexport class DiskStore extends Reader {\n  put(key: string, value: string): void {}\n  size(): number { return 0; }\n}\n',
    'src/reader.ts': 'export class Reader {\n  get(key: string): string { return key; }\n}\n',
  });
  const implementsStore = (dump: string, type: string) => new RegExp(`#class:${type}@\\S+ -implements-> src/api\\.ts#interface:Store@`).test(dump);
  let dump = await dumpGraph(root);
  assert.equal(implementsStore(dump, 'DiskStore'), true, 'through its base class');
  assert.equal(implementsStore(dump, 'MemoryStore'), false);
  // The interface's `size` becomes optional: MemoryStore now matches, though memory.ts did not change.
  writeFileSync(join(root, 'src/api.ts'), 'export interface Store {\n  get(key: string): string;\n  put(key: string, value: string): void;\n  size?(): number;\n}\n');
  await sync(root);
  dump = await dumpGraph(root);
  assert.equal(implementsStore(dump, 'MemoryStore'), true);
  assert.equal(dump, await freshDump(root));
  // The base class loses `get`: DiskStore no longer matches, though disk.ts did not change.
  writeFileSync(join(root, 'src/reader.ts'), 'export class Reader {\n  read(key: string): string { return key; }\n}\n');
  await sync(root);
  dump = await dumpGraph(root);
  assert.equal(implementsStore(dump, 'DiskStore'), false);
  assert.equal(implementsStore(dump, 'MemoryStore'), true);
  assert.equal(dump, await freshDump(root));
  // A second interface requiring the same methods: neither is chosen any more.
  writeFileSync(join(root, 'src/cache.ts'), 'export interface Cache {\n  get(key: string): string;\n  put(key: string, value: string): void;\n}\n');
  await sync(root);
  dump = await dumpGraph(root);
  assert.equal(implementsStore(dump, 'MemoryStore'), false);
  assert.equal(dump, await freshDump(root));
}));

test('sync adds a new file and binds references into it', async () => {
  const root = await indexed();
  writeFileSync(join(root, 'src/tax.ts'), "import { priceOf } from './pricing.js';\nexport function taxed(sku: string): number {\n  return priceOf(sku) * 1.2;\n}\n");
  await sync(root);
  const dump = await dumpGraph(root);
  assert.match(dump, /edge src\/tax\.ts#function:taxed@2:\d+ -calls-> src\/pricing\.ts#function:priceOf/);
  assert.equal(dump, await freshDump(root));
});

test('sync removes a deleted file and the edges that pointed into it', async () => {
  const root = await indexed();
  unlinkSync(join(root, 'src/util/format.ts'));
  const summary = await sync(root);
  assert.equal(summary.removed, 1);
  const dump = await dumpGraph(root);
  assert.doesNotMatch(dump, /format\.ts/);
  assert.equal(dump, await freshDump(root));
});

test('sync handles a rename as a removal plus an addition', async () => {
  const root = await indexed();
  renameSync(join(root, 'src/events.ts'), join(root, 'src/bus.ts'));
  const cart = join(root, 'src/cart.ts');
  writeFileSync(cart, readFileSync(cart, 'utf8').replace("'./events.js'", "'./bus.js'"));
  await sync(root);
  const dump = await dumpGraph(root);
  assert.doesNotMatch(dump, /events\.ts/);
  assert.match(dump, /src\/cart\.ts#method:Cart\.add@\d+:\d+ -calls-> src\/bus\.ts#function:emit/);
  assert.equal(dump, await freshDump(root));
});

for (const held of [undefined, 0]) test(`after random edit sequences the incremental graph equals a fresh full index${held === 0 ? ' (definitions read as asked for)' : ''}`, () => withHeldDefinitions(held, async () => {
  const seed = Number(process.env['SYNC_SEED'] ?? 7);
  const random = new Prng(seed);
  const root = await indexed();
  for (let round = 0; round < 4; round++) {
    randomShopEdits(root, random, 3);
    await sync(root);
    assert.equal(await dumpGraph(root), await freshDump(root), `seed ${seed}, round ${round}: replay with SYNC_SEED=${seed}`);
  }
}));

test('sync after moving and editing Java overloads matches a fresh index, calls bound by argument count', async () => {
  const util = (order: string[]): string => `package a;\npublic class Util {\n${order.map((m) => `  ${m}\n`).join('')}}\n`;
  const one = 'public static int pick(int a) { return a; }';
  const two = 'public static int pick(int a, int b) { return pick(a + b); }';
  const inner = 'static class Inner { public int pick() { return 0; } }';
  const p = await generatedProject({
    'src/a/Util.java': util([one, inner, two]),
    'src/b/Main.java': 'package b;\nimport a.Util;\npublic class Main {\n  int run() { return Util.pick(1, 2) + Util.pick(3); }\n}\n',
  });
  cleanups.push(p.cleanup);
  const before = await dumpGraph(p.root);
  assert.match(before, /Main\.run@4:2 -calls-> src\/a\/Util\.java#method:Util\.pick@5:2 at 4:26 /, 'two arguments: the second overload');
  assert.match(before, /Main\.run@4:2 -calls-> src\/a\/Util\.java#method:Util\.pick@3:2 at 4:44 /, 'one argument: the first');
  writeFileSync(join(p.root, 'src/a/Util.java'), util([two, one, inner]));
  await sync(p.root);
  assert.equal(await dumpGraph(p.root), await freshDump(p.root));
  writeFileSync(join(p.root, 'src/a/Util.java'), util([inner, one, 'public static int pick(int a, int b, int c) { return a; }', two]));
  await sync(p.root);
  assert.equal(await dumpGraph(p.root), await freshDump(p.root));
});

test('a full index numbers files in path order whichever worker finishes first', async () => {
  // The first file is large, so with two workers the small ones finish before it.
  const files: Record<string, string> = {};
  const big: string[] = [];
  for (let i = 0; i < 3000; i++) big.push(`def big_${i}(x):\n    return x + ${i}\n`);
  files['a000.py'] = big.join('\n');
  for (let i = 1; i <= 24; i++) files[`a${String(i).padStart(3, '0')}.py`] = `def small_${i}():\n    return ${i}\n`;
  const p = await generatedProject(files);
  cleanups.push(p.cleanup);
  await indexProject({ root: p.root, mode: 'full', command: 'test', workers: 2 });
  const db = await SqliteDb.open(readFileSync(join(p.root, '.codegraph', 'codegraph.db')));
  try {
    const firstIds = db.all<{ path: string; first: number }>(
      `SELECT f.path, min(n.id) AS first FROM files f JOIN nodes n ON n.file_id = f.id GROUP BY f.id ORDER BY first`,
    );
    const paths = firstIds.map((r) => r.path);
    assert.deepEqual(paths, [...paths].sort());
  } finally {
    db.close();
  }
});

test('sync saves a database it migrated even when no file changed, and the graph stays the same', async () => {
  const root = await indexed();
  const before = await dumpGraph(root);
  const file = join(root, '.codegraph', 'codegraph.db');
  const db = await SqliteDb.open(readFileSync(file));
  // Back to schema 2's shape: nesting edges stored, the two name indexes present, no view.
  db.exec(`DROP VIEW graph_edges; DROP INDEX nodes_parent; CREATE INDEX nodes_name ON nodes(name); CREATE INDEX refs_name ON refs(name);
    INSERT INTO edges(source_id, target_id, kind, line, col, confidence, method) SELECT parent_id, id, 0, NULL, NULL, 1, NULL FROM nodes WHERE parent_id IS NOT NULL;
    DROP TABLE term_postings; DROP TABLE term_base;
    UPDATE meta SET value = '2' WHERE key = 'schema_version'`);
  writeFileSync(file, db.export());
  db.close();
  const summary = await sync(root);
  assert.equal(summary.parsed, 0);
  const saved = await SqliteDb.open(readFileSync(file));
  try {
    assert.equal(saved.value(`SELECT value FROM meta WHERE key = 'schema_version'`), String(SCHEMA_VERSION));
    assert.ok(Number(saved.value(`SELECT count(*) FROM term_postings`)) > 0, 'the migrated index gets its term base');
    assert.equal(saved.value(`SELECT count(*) FROM edges WHERE kind = 0`), 0);
    assert.equal(saved.value(`SELECT count(*) FROM sqlite_master WHERE name IN ('nodes_name', 'refs_name')`), 0);
  } finally {
    saved.close();
  }
  assert.equal(await dumpGraph(root), before);
});

test('sync updates the names a changed body uses in the search index', async () => {
  const p = await generatedProject({
    'a.py': 'def make_widget():\n    return 1\n\ndef assemble():\n    return make_widget()\n',
    'b.py': 'def polish_gadget():\n    return 2\n',
  });
  cleanups.push(p.cleanup);
  await indexProject({ root: p.root, mode: 'full', command: 'test', workers: 1 });
  writeFileSync(join(p.root, 'a.py'), 'def make_widget():\n    return 1\n\ndef assemble():\n    return polish_gadget()\n');
  await sync(p.root);
  await readStoredIndex(p.root, (store, db) => {
    db.exec(`INSERT INTO node_search(node_search) VALUES('integrity-check')`);
    assert.equal(db.value(`SELECT u.names FROM node_uses u JOIN nodes n ON n.id = u.node_id WHERE n.name = 'assemble'`), 'polish_gadget');
    const users = (words: string) => fullTextSearch(store, words).map((h) => h.node.name);
    assert.ok(users('polish gadget').includes('assemble'));
    assert.ok(!users('make widget').includes('assemble'));
  });
});

function storedDiagnostics(root: string): Promise<[string, string][]> {
  return readStoredIndex(root, (store) => store.diagnostics().map((d) => [d.path, d.reason]));
}

/** Runs `body` with CODEGRAPH_MAX_FILE_SIZE set to `value` (or unset), restoring it afterwards. */
async function withUserLimit<T>(value: string | undefined, body: () => Promise<T>): Promise<T> {
  const saved = process.env['CODEGRAPH_MAX_FILE_SIZE'];
  if (value === undefined) delete process.env['CODEGRAPH_MAX_FILE_SIZE'];
  else process.env['CODEGRAPH_MAX_FILE_SIZE'] = value;
  try {
    return await body();
  } finally {
    if (saved === undefined) delete process.env['CODEGRAPH_MAX_FILE_SIZE'];
    else process.env['CODEGRAPH_MAX_FILE_SIZE'] = saved;
  }
}

const BIG_PROJECT = {
  'main.ts': 'export const a = 1;\n',
  // Two MiB: over the default limit of one.
  'big.ts': `export const b = 1;\n// ${'x'.repeat(2 * 1024 * 1024)}\n`,
  '.codegraph/config.json': JSON.stringify({ maxFileSize: 50 * 1024 * 1024 }),
};

test('index skips a file over the user limit although the repository config allows 50 MB', async () => {
  const project = await withUserLimit(undefined, () => generatedProject(BIG_PROJECT));
  cleanups.push(project.cleanup);
  assert.deepEqual(await storedDiagnostics(project.root), [['big.ts', 'too-large']]);
  const summary = await withUserLimit(undefined, () => sync(project.root));
  assert.deepEqual([summary.files, summary.skipped], [1, 1]);
});

test('index takes a file over the default limit when CODEGRAPH_MAX_FILE_SIZE allows it', async () => {
  const project = await withUserLimit('4194304', () => generatedProject(BIG_PROJECT));
  cleanups.push(project.cleanup);
  assert.deepEqual(await storedDiagnostics(project.root), []);
  const summary = await withUserLimit('4194304', () => sync(project.root));
  assert.deepEqual([summary.files, summary.skipped], [2, 0]);
});

test('sync reports a file whose name is not valid UTF-8 as skipped, and a second sync does not parse it', async () => {
  const project = await generatedProject({ 'main.ts': 'export const a = 1;\n' });
  cleanups.push(project.cleanup);
  writeFileSync(Buffer.concat([Buffer.from(`${project.root}/caf`), Buffer.from([0xe9]), Buffer.from('.ts')]), 'export const b = 2;\n');
  const first = await sync(project.root);
  assert.deepEqual([first.parsed, first.unchanged, first.skipped, first.files], [0, 1, 1, 1]);
  assert.deepEqual(await storedDiagnostics(project.root), [['caf\uFFFD.ts', 'invalid-name']]);
  const second = await sync(project.root);
  assert.deepEqual([second.parsed, second.unchanged, second.skipped, second.files], [0, 1, 1, 1]);
  assert.deepEqual(await storedDiagnostics(project.root), [['caf\uFFFD.ts', 'invalid-name']]);
});

for (const held of [undefined, 0]) test(`a C function that moves to another file, is deleted, or comes back rebinds every caller as a fresh index would${held === 0 ? ' (definitions read as asked for)' : ''}`, () => withHeldDefinitions(held, async () => {
  const p = await generatedProject(C_HELPER_FILES);
  cleanups.push(p.cleanup);
  for (const { what, edit, boundIn } of C_HELPER_STEPS) {
    edit(p.root);
    const summary = await sync(p.root);
    assert.ok(summary.parsed + summary.removed > 0, what);
    const dump = await dumpGraph(p.root);
    assert.equal(dump, await freshDump(p.root), what);
    assert.equal(helperBoundIn(dump), boundIn, what);
  }
}));

test('a first index of a tree with no source file is saved all the same: the next run finds an index, not nothing', async () => {
  const root = await generated({ 'README.md': 'nothing to index\n' });
  const first = await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  assert.equal(first.databaseBytes, statSync(join(root, '.codegraph', 'codegraph.db')).size);
  const again = await sync(root);
  assert.equal(again.rebuiltBecause, undefined, 'the saved empty index is opened, not made anew');
});
