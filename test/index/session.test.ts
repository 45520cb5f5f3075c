import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { IndexSession, isScopeFile } from '../../src/index/session.js';
import { indexProject, IndexError, IndexRemovedError } from '../../src/index/sync/index.js';
import { Prng } from '../fuzz/prng.js';
import { fixtureProject, generatedProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';
import { freshDump as freshDumpOf, randomShopEdits } from '../support/shop-edits.js';
import { withHeldDefinitions } from '../support/held-definitions.js';
import { C_HELPER_FILES, C_HELPER_STEPS, helperBoundIn } from '../support/c-helper-moves.js';
import { CHANGE_LOG_FILE } from '../../src/store/layout.js';
import { readStatusSnapshot } from '../../src/store/index.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

async function indexedShop(): Promise<string> {
  const p = await fixtureProject('shop', import.meta.url);
  cleanups.push(p.cleanup);
  return p.root;
}

/** A project made of `files`, indexed; removed after the suite. */
async function indexedFiles(files: Readonly<Record<string, string>>): Promise<string> {
  const p = await generatedProject(files);
  cleanups.push(p.cleanup);
  return p.root;
}

async function openSession(root: string): Promise<IndexSession> {
  const session = await IndexSession.open({ root, command: 'test', workers: 1 });
  cleanups.push(() => void session.close());
  return session;
}

const freshDump = (root: string): Promise<string> => freshDumpOf(root, cleanups);
const dbStat = (root: string) => statSync(join(root, '.codegraph', 'codegraph.db'));

const SESSION_MODES = [
  { ready: false, held: undefined, label: '' },
  { ready: true, held: undefined, label: ' (edit path readied ahead)' },
  { ready: true, held: 0, label: ' (definitions read from the store as asked for)' },
] as const;

for (const { ready, held, label } of SESSION_MODES) test(`a session keeps the graph equal to a fresh index across random edit sequences, given the changed paths${label}`, () => withHeldDefinitions(held, async () => {
  const seed = Number(process.env['SYNC_SEED'] ?? (ready ? 7 : 11));
  const random = new Prng(seed);
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  if (ready) await session.prepareEdits();
  for (let round = 0; round < 5; round++) {
    const edited = randomShopEdits(root, random, 3);
    await session.sync({ changed: edited });
    assert.equal(await dumpGraph(root), await freshDump(root), `seed ${seed}, round ${round}: replay with SYNC_SEED=${seed}`);
    // The totals `status` prints were kept current by the sync, equal to counting them anew.
    const totals = await session.read(async (store) => ({ stored: store.storedTotals(), counted: { counts: store.counts(), byLanguage: store.languageCounts() } }));
    assert.deepEqual(totals?.value.stored, totals?.value.counted, `seed ${seed}, round ${round}: stored totals`);
  }
}));

test('a session that keeps an existing index whose database vanished (the folder still there) stops, and writes no new one', async () => {
  const root = await indexedShop();
  const session = await IndexSession.open({ root, command: 'test', existingOnly: true, workers: 1 });
  cleanups.push(() => void session.close());
  await session.sync();
  rmSync(join(root, '.codegraph', 'codegraph.db'));
  appendFileSync(join(root, 'src/cart.ts'), '\nexport const afterRemoval = 1;\n');
  await assert.rejects(session.sync({ changed: ['src/cart.ts'] }), IndexRemovedError);
  assert.equal(existsSync(join(root, '.codegraph', 'codegraph.db')), false);
  await session.close();
});

for (const gone of ['the index folder', 'the project']) test(`a session that keeps an existing index stops when ${gone} is deleted during a sync, and makes nothing again`, async () => {
  const root = await indexedShop();
  const session = await IndexSession.open({ root, command: 'test', existingOnly: true, workers: 1 });
  cleanups.push(() => void session.close());
  await session.sync();
  appendFileSync(join(root, 'src/cart.ts'), '\nexport const duringRemoval = 1;\n');
  const removed = gone === 'the project' ? root : join(root, '.codegraph');
  let deleted = false;
  await assert.rejects(
    session.sync({
      changed: ['src/cart.ts'],
      onProgress: () => {
        if (deleted) return;
        deleted = true;
        rmSync(removed, { recursive: true, force: true });
      },
    }),
    (error: Error) => error instanceof IndexRemovedError && /is gone .*codegraph init/.test(error.message),
  );
  assert.ok(deleted, 'the folder was deleted while the sync held the lock');
  assert.equal(existsSync(removed), false, `${gone} was not made again`);
});

for (const held of [undefined, 0]) test(`a session rebinds a C caller as a fresh index does while its callee moves, goes and comes back${held === 0 ? ' (definitions read as asked for, kept between syncs)' : ''}`, () => withHeldDefinitions(held, async () => {
  const root = await indexedFiles(C_HELPER_FILES);
  const session = await openSession(root);
  await session.sync();
  await session.prepareEdits();
  for (const { what, edit, boundIn } of C_HELPER_STEPS) {
    edit(root);
    const report = await session.sync();
    assert.ok(report.parsed + report.removed > 0, what);
    const dump = await dumpGraph(root);
    assert.equal(dump, await freshDump(root), what);
    assert.equal(helperBoundIn(dump), boundIn, what);
  }
}));

test('a sync that adds and removes files keeps the stored totals equal to counting them anew', async () => {
  // Enough files that one added and one removed are re-resolved file by file, not all anew.
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) files[`src/m${i}.ts`] = `import { base } from './base';\nexport function f${i}(): number {\n  return base() + ${i};\n}\n`;
  files['src/base.ts'] = 'export function base(): number {\n  return 1;\n}\n';
  const project = await generatedProject(files);
  cleanups.push(project.cleanup);
  const root = project.root;
  const session = await openSession(root);
  await session.sync();
  writeFileSync(join(root, 'src/extra.ts'), "import { f1 } from './m1';\nexport function extra(): number {\n  return f1();\n}\n");
  rmSync(join(root, 'src/m2.ts'));
  await session.sync();
  const totals = await session.read(async (store) => ({ stored: store.storedTotals(), counted: { counts: store.counts(), byLanguage: store.languageCounts() } }));
  assert.notEqual(totals?.value.stored, undefined, 'the totals are stored');
  assert.deepEqual(totals?.value.stored, totals?.value.counted);
});

test('a session re-reads only the edited file when it is an indexed file still in place', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  const first = await session.sync();
  assert.equal(first.parsed, 0);
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function bulkPrice(sku: string): number {\n  return priceOf(sku) * 10;\n}\n');
  // A file nobody reported: only a walk of the tree would find it.
  writeFileSync(join(root, 'src/unreported.ts'), 'export const unreported = 1;\n');
  const report = await session.sync({ changed: ['src/pricing.ts'] });
  assert.equal(report.parsed, 1);
  assert.equal(report.unchanged, first.unchanged - 1);
  const dump = await dumpGraph(root);
  assert.match(dump, /src\/pricing\.ts#function:bulkPrice@/);
  assert.doesNotMatch(dump, /src\/unreported\.ts/, 'the tree was not walked');
  assert.equal((await session.sync()).parsed, 1, 'a sync without changed paths walks the tree');
  assert.equal(await dumpGraph(root), await freshDump(root));
});

test('a changed path the last scan did not list makes the session walk the tree again', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  writeFileSync(join(root, 'src/tax.ts'), "import { priceOf } from './pricing.js';\nexport function taxed(sku: string): number {\n  return priceOf(sku) * 1.2;\n}\n");
  renameSync(join(root, 'src/events.ts'), join(root, 'src/signals.ts'));
  // Only the new file is named: the walk must still notice the rename.
  const report = await session.sync({ changed: ['src/tax.ts'] });
  assert.equal(report.parsed, 2);
  assert.equal(report.removed, 1);
  assert.equal(await dumpGraph(root), await freshDump(root));
});

test('a sync that finds nothing changed leaves the saved database untouched', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  const before = dbStat(root);
  const report = await session.sync({ changed: ['src/cart.ts'] });
  assert.equal(report.parsed, 0);
  const now = dbStat(root);
  assert.equal(now.ino, before.ino);
  assert.equal(now.mtimeMs, before.mtimeMs);
});

test('a session reloads the database when another writer replaced it', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function fromOutside(): number {\n  return 1;\n}\n');
  await indexProject({ root, mode: 'incremental', command: 'other writer', workers: 1 });
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function fromSession(): number {\n  return 2;\n}\n');
  await session.sync({ changed: ['src/pricing.ts'] });
  const dump = await dumpGraph(root);
  assert.match(dump, /function:fromOutside@/, 'the other writer\'s change survives');
  assert.match(dump, /function:fromSession@/);
  assert.equal(dump, await freshDump(root));
});

test('a failed sync leaves the saved index intact and the next sync recovers', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  const saved = readFileSync(join(root, '.codegraph', 'codegraph.db'));
  writeFileSync(join(root, '.codegraph', 'config.json'), '{ "include": [ }');
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function afterFix(): number {\n  return 3;\n}\n');
  await assert.rejects(session.sync({ changed: ['.codegraph/config.json', 'src/cart.ts'] }), IndexError);
  assert.deepEqual(readFileSync(join(root, '.codegraph', 'codegraph.db')), saved);
  writeFileSync(join(root, '.codegraph', 'config.json'), '{}\n');
  await session.sync({ changed: ['.codegraph/config.json'] });
  assert.match(await dumpGraph(root), /function:afterFix@/);
  assert.equal(await dumpGraph(root), await freshDump(root));
});

test('concurrent syncs of one session run one after another', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function one(): number {\n  return 1;\n}\n');
  const first = session.sync();
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function two(): number {\n  return 2;\n}\n');
  const second = session.sync({ changed: ['src/pricing.ts'] });
  await Promise.all([first, second]);
  const dump = await dumpGraph(root);
  assert.match(dump, /function:one@/);
  assert.match(dump, /function:two@/);
});

test('a closed session refuses to sync', async () => {
  const root = await indexedShop();
  const session = await IndexSession.open({ root, command: 'test', workers: 1 });
  await session.close();
  await assert.rejects(session.sync(), /closed/);
});

test('scope files are the ones that decide what is indexed', () => {
  for (const path of ['.gitignore', 'src/.gitignore', '.codegraph/config.json', '.git/info/exclude']) assert.equal(isScopeFile(path), true, path);
  for (const path of ['src/cart.ts', 'gitignore', '.codegraph/codegraph.db']) assert.equal(isScopeFile(path), false, path);
});

test('the reference control files are scope files too', () => {
  for (const path of ['codegraph.json', '.codegraph/config.toml']) assert.equal(isScopeFile(path), true, path);
});

test('after a failed sync the next one walks the tree, so edits the failed one was told about are not lost', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  writeFileSync(join(root, '.codegraph', 'config.json'), '{ "exclude": [ }');
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function toldBeforeFailure(): number {\n  return 5;\n}\n');
  await assert.rejects(session.sync({ changed: ['.codegraph/config.json', 'src/cart.ts'] }), IndexError);
  writeFileSync(join(root, '.codegraph', 'config.json'), '{}\n');
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function toldAfter(): number {\n  return 6;\n}\n');
  await session.sync({ changed: ['src/pricing.ts'] });
  const dump = await dumpGraph(root);
  assert.match(dump, /function:toldBeforeFailure@/);
  assert.equal(dump, await freshDump(root));
});

for (const prepareEdits of [false, true]) test(`a session finds the files using a name defined by an edit, also after those files changed${prepareEdits ? ' (edit path readied ahead)' : ''}`, async () => {
  // Ruby binds a bare call to a top-level method of another file by name alone.
  const root = await indexedFiles({ 'lib.rb': 'def helper\n  1\nend\n', 'app.rb': 'def main\n  tally()\nend\n' });
  const session = await openSession(root);
  await session.sync();
  if (prepareEdits) await session.prepareEdits();
  assert.doesNotMatch(await dumpGraph(root), /-calls->/);
  // A definition of the name app.rb calls appears in another file: app.rb must be re-resolved.
  writeFileSync(join(root, 'lib.rb'), 'def helper\n  1\nend\n\ndef tally\n  2\nend\n');
  await session.sync({ changed: ['lib.rb'] });
  assert.match(await dumpGraph(root), /app\.rb#function:main@1:0 -calls-> lib\.rb#function:tally@5:0/);
  // app.rb now calls another name; when that name is defined, the session must know app.rb uses it.
  writeFileSync(join(root, 'app.rb'), 'def main\n  count()\nend\n');
  await session.sync({ changed: ['app.rb'] });
  writeFileSync(join(root, 'lib.rb'), 'def helper\n  1\nend\n\ndef count\n  3\nend\n');
  await session.sync({ changed: ['lib.rb'] });
  const dump = await dumpGraph(root);
  assert.match(dump, /app\.rb#function:main@1:0 -calls-> lib\.rb#function:count@5:0/);
  assert.equal(dump, await freshDump(root));
});

for (const ready of [false, true]) test(`a session resolves an inherited self call through base classes of files it does not re-resolve${ready ? ' (edit path readied ahead)' : ''}`, async () => {
  const root = await indexedFiles({
    'base.py': 'class Base:\n    def helper(self):\n        return 1\n',
    'child.py': 'from base import Base\n\nclass Child(Base):\n    pass\n',
    'grand.py': 'from child import Child\n\nclass Grand(Child):\n    def run(self):\n        return 0\n',
  });
  const session = await openSession(root);
  await session.sync();
  if (ready) await session.prepareEdits();
  // The first targeted sync resolves every class's bases and keeps them; the second one takes
  // Child's base from what was kept, since child.py is not affected by an edit of grand.py.
  for (const round of [1, 2]) {
    appendFileSync(join(root, 'grand.py'), `\n    def use${round}(self):\n        return self.helper()\n`);
    await session.sync({ changed: ['grand.py'] });
    const dump = await dumpGraph(root);
    assert.match(dump, new RegExp(`grand\\.py#method:Grand\\.use${round}@\\d+:4 -calls-> base\\.py#method:Base\\.helper@2:4`));
    assert.equal(dump, await freshDump(root), `round ${round}`);
  }
});

test('a read lends the loaded store only after a sync has loaded it', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  assert.equal(await session.read(async () => 'lent'), undefined);
  await session.sync();
  assert.deepEqual(await session.read(async () => 'lent'), { value: 'lent' });
});

test('a first sync queued behind other work makes reads asked meanwhile wait for it, not find no index', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  let release: () => void = () => undefined;
  const setup = new Promise<void>((resolve) => (release = resolve));
  const syncing = session.sync({ after: setup });
  let synced = false;
  void syncing.then(() => (synced = true));
  let waited = false;
  const reading = session.read(async () => 'lent', () => (waited = true));
  // Barrier: the read has decided to wait for the queued sync, which cannot start before release.
  const deadline = Date.now() + 5000;
  while (!waited) {
    if (Date.now() > deadline) assert.fail('the read never waited for the queued first sync');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.equal(synced, false, 'the sync waits for the work before it');
  release();
  await syncing;
  assert.deepEqual(await reading, { value: 'lent' });
  assert.equal(waited, true);
  await assert.rejects(session.sync({ after: Promise.reject(new Error('no watch')) }), /no watch/);
});

test('a sync waits for reads in flight, and a read waits for a sync queued before it', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  const nodesBefore = (await session.read(async (store) => store.counts().nodes))?.value ?? 0;
  const reading = session.read(async (store) => {
    const revision = store.revision;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return store.revision - revision;
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function three(): number {\n  return 3;\n}\n');
  const syncing = session.sync({ changed: ['src/cart.ts'] });
  let waited = false;
  const after = session.read(async (store) => store.counts().nodes, () => (waited = true));
  assert.deepEqual(await reading, { value: 0 }, 'nothing was written while the read ran');
  await syncing;
  assert.equal((await after)?.value, nodesBefore + 1, 'the read queued after the sync saw its result');
  assert.equal(waited, true, 'the read was told it waits for a sync');
  let waitedIdle = false;
  await session.read(async () => undefined, () => (waitedIdle = true));
  assert.equal(waitedIdle, false, 'an idle session lends at once');
});

test('writing behind with the change log, a sync answers at once and appends its changes; the image stays, a reader of the files sees the edit', async () => {
  const root = await indexedShop();
  const session = await IndexSession.open({ root, command: 'test', workers: 1, writeBehind: true });
  cleanups.push(() => void session.close());
  await session.sync();
  const before = dbStat(root);
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function logged(): number {\n  return 4;\n}\n');
  const report = await session.sync({ changed: ['src/cart.ts'] });
  assert.equal(report.parsed, 1);
  assert.ok(report.databaseBytes >= before.size, `the answer before the write names the index's size (${report.databaseBytes})`);
  await session.sync();
  assert.deepEqual([dbStat(root).ino, dbStat(root).mtimeMs], [before.ino, before.mtimeMs], 'the image was not written again');
  assert.ok(statSync(join(root, '.codegraph', CHANGE_LOG_FILE)).size > 0);
  assert.match(await dumpGraph(root), /function:logged@/);
  assert.equal(await dumpGraph(root), await freshDump(root));
  await session.close();
});

test('a sync that saves reports a saving phase and tells onSaved once; one with nothing to save does neither', async () => {
  const root = await indexedShop();
  let saves = 0;
  const session = await IndexSession.open({ root, command: 'test', workers: 1, onSaved: () => void (saves += 1) });
  cleanups.push(() => void session.close());
  await session.sync();
  const phases: string[] = [];
  await session.sync({ onProgress: (p) => void phases.push(p.phase) });
  assert.equal(saves, 0);
  assert.equal(phases.includes('saving'), false, `nothing changed: ${phases.join(' ')}`);
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function saved(): number {\n  return 8;\n}\n');
  phases.length = 0;
  await session.sync({ changed: ['src/cart.ts'], onProgress: (p) => void phases.push(p.phase) });
  assert.equal(saves, 1);
  assert.ok(phases.includes('saving'), phases.join(' '));
  await session.close();
});

test('fold writes the index whole when a change log follows its image, tells onFold, and does nothing otherwise', async () => {
  const root = await indexedShop();
  const folds: string[] = [];
  const session = await IndexSession.open({ root, command: 'test', workers: 1, onFold: (e) => void folds.push(e.phase === 'started' ? `started ${e.logBytes > 0}` : `written ${e.ms >= 0}`) });
  cleanups.push(() => void session.close());
  await session.sync();
  const log = join(root, '.codegraph', CHANGE_LOG_FILE);
  const image = (): string => { const s = statSync(join(root, '.codegraph', 'codegraph.db')); return `${s.ino}:${s.mtimeMs}`; };
  const first = image();
  await session.fold();
  assert.equal(image(), first, 'no log: nothing written');
  assert.deepEqual(folds, []);
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function beforeFold(): number {\n  return 6;\n}\n');
  await session.sync({ changed: ['src/cart.ts'] });
  assert.ok(existsSync(log));
  await session.fold();
  assert.equal(existsSync(log), false);
  assert.notEqual(image(), first);
  assert.deepEqual(folds, ['started true', 'written true']);
  assert.equal(await dumpGraph(root), await freshDump(root));
  // The session goes on appending against the new image.
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function afterFold(): number {\n  return 7;\n}\n');
  await session.sync({ changed: ['src/cart.ts'] });
  assert.ok(existsSync(log));
  await session.close();
  assert.match(await dumpGraph(root), /function:afterFold@/);
  assert.equal(await dumpGraph(root), await freshDump(root));
});

test('writing behind a whole image, a sync answers before its bytes are written; reads go on meanwhile, later syncs and close wait for the write', async (t) => {
  // Every save writes the image whole: what this test is about.
  process.env['CODEGRAPH_CHANGE_LOG'] = '0';
  t.after(() => delete process.env['CODEGRAPH_CHANGE_LOG']);
  const root = await indexedShop();
  const session = await IndexSession.open({ root, command: 'test', workers: 1, writeBehind: true });
  cleanups.push(() => void session.close());
  await session.sync();
  await session.read(async () => undefined);
  const before = dbStat(root);
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function behind(): number {\n  return 4;\n}\n');
  const report = await session.sync({ changed: ['src/cart.ts'] });
  assert.equal(report.parsed, 1);
  // Answered from memory: the file on disk is still the one before the edit…
  assert.equal(dbStat(root).mtimeMs, before.mtimeMs);
  assert.equal(dbStat(root).ino, before.ino);
  // …the index the session lends out already has the edit, before the file is written, and the
  // copy to write waits until that read is done with the store…
  const names = await session.read(async (store, bytes) => {
    const found = store.nodesByName('behind').map((n) => n.name);
    await new Promise((resolve) => setTimeout(resolve, 150));
    return { names: found, written: dbStat(root).ino !== before.ino, bytes };
  });
  assert.deepEqual(names?.value, { names: ['behind'], written: false, bytes: report.databaseBytes });
  // …and a later sync waits for the write: then the file has it too, of the size reported.
  await session.sync();
  assert.notEqual(dbStat(root).ino, before.ino);
  assert.equal(report.databaseBytes, dbStat(root).size);
  assert.match(await dumpGraph(root), /function:behind@/);
  assert.equal(await dumpGraph(root), await freshDump(root));
  appendFileSync(join(root, 'src/cart.ts'), '\nexport function closing(): number {\n  return 5;\n}\n');
  await session.sync({ changed: ['src/cart.ts'] });
  await session.close();
  assert.match(await dumpGraph(root), /function:closing@/);
});

/** A file of `count` functions, each calling the one before, behind `lead` lines (moving every row when they change). */
function manyFunctions(count: number, lead: number): string {
  const lines = Array.from({ length: lead }, (_, i) => `// lead ${i}`);
  for (let i = 0; i < count; i++) lines.push(`export function step${i}(n: number): number {\n  return ${i === 0 ? 'n' : `step${i - 1}(n) + 1`};\n}`);
  return `${lines.join('\n')}\n`;
}

test('a session that compacts when quiet appends past the log\'s limit and writes the image whole once reads pause', async () => {
  const root = await indexedFiles({ 'src/big.ts': manyFunctions(500, 0) });
  const session = await IndexSession.open({ root, command: 'test', workers: 1, existingOnly: true, compactWhenQuietMs: 300 });
  cleanups.push(() => void session.close());
  await session.sync();
  const log = join(root, '.codegraph', CHANGE_LOG_FILE);
  const image = dbStat(root).ino;
  // Each edit moves every row of the file; edit until the log is past its usual limit (1 MiB here).
  let edits = 0;
  while (!existsSync(log) || statSync(log).size <= 2 ** 20) {
    edits += 1;
    assert.ok(edits <= 20, 'the log passes its limit within 20 edits');
    writeFileSync(join(root, 'src/big.ts'), manyFunctions(500, edits));
    await session.sync({ changed: ['src/big.ts'] });
  }
  assert.equal(dbStat(root).ino, image, 'the save that passed the limit appended instead of writing the image');
  // Reads every 50 ms keep the index from being compacted.
  for (let i = 0; i < 12; i++) {
    await session.read(async (store) => store.counts());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(dbStat(root).ino, image, 'no compaction while reads keep coming');
  assert.ok(existsSync(log));
  const deadline = Date.now() + 10_000;
  while (dbStat(root).ino === image && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.notEqual(dbStat(root).ino, image, 'the image was written whole once reads paused');
  while (existsSync(log) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(existsSync(log), false, 'and its log removed');
  assert.equal(await dumpGraph(root), await freshDump(root));
});

test('a session that writes status snapshots once saves pause leaves the old one ignored until then, and writes the last at close', async () => {
  const root = await indexedShop();
  const dir = join(root, '.codegraph');
  const session = await IndexSession.open({ root, command: 'test', workers: 1, existingOnly: true, snapshotAfterMs: 300 });
  cleanups.push(() => void session.close());
  await session.sync();
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function paused(): number {\n  return 1;\n}\n');
  await session.sync({ changed: ['src/pricing.ts'] });
  assert.ok(existsSync(join(dir, CHANGE_LOG_FILE)), 'the edit was appended');
  assert.equal(await readStatusSnapshot(dir), undefined, 'right after the save, the snapshot on disk names the stamp before it');
  const deadline = Date.now() + 5000;
  while ((await readStatusSnapshot(dir)) === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  const written = await readStatusSnapshot(dir);
  assert.ok(written !== undefined, 'written once saves paused');
  assert.equal(written.files.has('src/pricing.ts'), true);
  appendFileSync(join(root, 'src/pricing.ts'), '\nexport function closing(): number {\n  return 2;\n}\n');
  await session.sync({ changed: ['src/pricing.ts'] });
  assert.equal(await readStatusSnapshot(dir), undefined);
  await session.close();
  assert.ok((await readStatusSnapshot(dir)) !== undefined, 'close wrote the pending one');
});

test('a session readies its edit path when asked to once reads pause, or at the latest time given', async () => {
  const root = await indexedShop();
  const session = await openSession(root);
  await session.sync();
  const prepare = session.prepareEdits.bind(session);
  let asked = 0;
  session.prepareEdits = () => {
    asked += 1;
    return prepare();
  };
  session.prepareEditsWhenQuiet(200, 60_000);
  for (let i = 0; i < 12; i++) {
    await session.read(async (store) => store.counts());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(asked, 0, 'reads every 50 ms hold it back');
  const deadline = Date.now() + 3000;
  while (asked === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.equal(asked, 1, 'readied once they paused');

  // Reads that never pause hold it back only until the latest time.
  const other = await openSession(await indexedShop());
  await other.sync();
  const readied = new Promise<void>((resolve) => {
    const own = other.prepareEdits.bind(other);
    other.prepareEdits = () => {
      resolve();
      return own();
    };
  });
  other.prepareEditsWhenQuiet(10_000, 400);
  let reading = true;
  const reads = (async () => {
    while (reading) {
      await other.read(async (store) => store.counts());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = Date.now();
  await readied;
  reading = false;
  await reads;
  assert.ok(Date.now() - started < 5000, 'readied at the latest time while reads went on');
});
