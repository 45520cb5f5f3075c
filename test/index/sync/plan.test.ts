import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXTRACTION_VERSION } from '../../../src/index/extract/version.js';
import { EXTRACTION_META, planScan, type PlanOptions } from '../../../src/index/sync/plan.js';
import type { ScannedFile, ScanResult } from '../../../src/index/scan/index.js';
import type { FileRecord, GraphStore, StoredStat } from '../../../src/store/index.js';

/** A store holding `stored` files' stats and rows, recording how its rows were read. */
function fakeStore(stored: readonly StoredStat[], extraction: string | undefined = EXTRACTION_VERSION) {
  const reads: { seeks: string[][]; all: number } = { seeks: [], all: 0 };
  const rows = stored.map((s, i): FileRecord => ({ ...s, sha256: `h${i}`, id: i + 1, nodeCount: 0, parseErrors: 0, isTest: false, packageName: null }));
  const store = {
    fileStats: () => stored.map((s) => ({ ...s })),
    getMeta: (key: string) => (key === EXTRACTION_META ? extraction : undefined),
    fileRecordsAt: (paths: readonly string[]) => {
      reads.seeks.push([...paths]);
      return rows.filter((r) => paths.includes(r.path));
    },
    fileRecords: () => {
      reads.all++;
      return rows;
    },
  };
  return { store: store as unknown as GraphStore, reads };
}

const file = (path: string, size = 10, mtimeMs = 1000, language = 'typescript'): ScannedFile => ({ path, size, mtimeMs, language });
const scanOf = (files: readonly ScannedFile[]): ScanResult => ({ files: [...files], skipped: [], directoriesVisited: 1 });
const names = (n: number, prefix = 'f') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}.ts`);
const opts = (mode: PlanOptions['mode'], keptInputs = false): PlanOptions => ({ root: '/p', mode, keptInputs });

/** A project of `stored` unchanged files of which `changed` are edited, `removed` deleted and `added` new. */
function project(stored: number, changed: number, removed = 0, added = 0) {
  const paths = names(stored);
  const stats = paths.map((p) => file(p));
  const files = [
    ...paths.slice(0, stored - removed).map((p, i) => (i < changed ? file(p, 11) : file(p))),
    ...names(added, 'new').map((p) => file(p)),
  ];
  return { stats, scan: scanOf(files) };
}

test('a file is unchanged only when its size, whole-millisecond mtime and language all match', () => {
  const stored = [file('a.ts', 10, 1000.4), file('b.ts'), file('c.ts'), file('d.ts')];
  const { store } = fakeStore(stored);
  const plan = planScan(store, scanOf([file('a.ts', 10, 1000.9), file('b.ts', 12), file('c.ts', 10, 2000), file('d.ts', 10, 1000, 'javascript'), file('e.ts')]), opts('incremental'));
  assert.deepEqual(plan.jobs.map((j) => j.path), ['b.ts', 'c.ts', 'd.ts', 'e.ts']);
  assert.equal(plan.unchanged, 1);
  assert.deepEqual(plan.jobs[0], { absPath: '/p/b.ts', path: 'b.ts', language: 'typescript' });
  assert.equal(plan.jobs[2]?.language, 'javascript');
});

test('a Rust file is unchanged only while its crate is the one stored; its job carries the crate', () => {
  const rust = (path: string, crate?: string): ScannedFile => ({ ...file(path, 10, 1000, 'rust'), ...(crate !== undefined ? { crate } : {}) });
  const stored: StoredStat[] = [{ ...rust('a.rs'), packageName: 'app' }, { ...rust('b.rs'), packageName: 'app' }, { ...rust('c.rs'), packageName: null }, { ...file('d.ts'), packageName: 'pkg' }];
  const plan = planScan(fakeStore(stored).store, scanOf([rust('a.rs', 'app'), rust('b.rs', 'renamed'), rust('c.rs'), file('d.ts')]), opts('incremental'));
  assert.deepEqual(plan.jobs, [{ absPath: '/p/b.rs', path: 'b.rs', language: 'rust', crate: 'renamed' }]);
  assert.equal(plan.unchanged, 3);
});

test('another extraction version re-extracts every file', () => {
  const { store } = fakeStore([file('a.ts')], 'older');
  const plan = planScan(store, scanOf([file('a.ts')]), opts('incremental'));
  assert.equal(plan.sameExtraction, false);
  assert.deepEqual(plan.jobs.map((j) => j.path), ['a.ts']);
  assert.equal(plan.unchanged, 0);
});

test('removed files are the stored ones the scan no longer lists', () => {
  const { stats, scan } = project(5, 0, 2, 1);
  const plan = planScan(fakeStore(stats).store, scan, opts('incremental'));
  assert.deepEqual(plan.removedPaths, names(5).slice(3));
  assert.deepEqual(plan.jobs.map((j) => j.path), ['new00000.ts']);
  assert.deepEqual([...plan.scanned.keys()], [...names(3), 'new00000.ts']);
});

test('an incremental run is targeted up to 64 changed files, or a tenth of the project when that is more; edits and removals both count', () => {
  const at = (stored: number, changed: number, removed = 0) => {
    const { stats, scan } = project(stored, changed, removed);
    return planScan(fakeStore(stats).store, scan, opts('incremental')).targeted;
  };
  assert.equal(at(100, 64), true);
  assert.equal(at(100, 65), false);
  assert.equal(at(100, 40, 24), true);
  assert.equal(at(100, 40, 25), false);
  assert.equal(at(1000, 100), true);
  assert.equal(at(1000, 101), false);
  assert.equal(at(1000, 1), true);
  // Not a full run, and not into an empty store.
  const { stats, scan } = project(100, 1);
  assert.equal(planScan(fakeStore(stats).store, scan, opts('full')).targeted, false);
  assert.equal(planScan(fakeStore([]).store, scanOf([file('a.ts')]), opts('incremental')).targeted, false);
});

test('a run is bulk when it is not targeted and re-parses at least 8 files and half the project', () => {
  const bulk = (stored: number, changed: number, added = 0, mode: PlanOptions['mode'] = 'full') => {
    const { stats, scan } = project(stored, changed, 0, added);
    return planScan(fakeStore(stats).store, scan, opts(mode)).bulk;
  };
  assert.equal(bulk(0, 0, 8), true);
  assert.equal(bulk(0, 0, 7), false);
  assert.equal(bulk(100, 50), true);
  assert.equal(bulk(100, 49), false);
  assert.equal(bulk(10, 8), true);
  // Targeted (60 of 100 changed is within 64): never bulk, though 60 is more than half.
  assert.equal(bulk(100, 60, 0, 'incremental'), false);
  assert.equal(bulk(100, 65, 0, 'incremental'), true);
});

test('only a first index without kept tables, of at most 20,000 files, gathers resolution rows while storing', () => {
  const first = (count: number, keptInputs = false) => planScan(fakeStore([]).store, scanOf(names(count).map((p) => file(p))), opts('full', keptInputs)).gatherRows;
  assert.equal(first(3), true);
  assert.equal(first(3, true), false);
  assert.equal(first(20_000), true);
  assert.equal(first(20_001), false);
  const { stats, scan } = project(3, 3);
  assert.equal(planScan(fakeStore(stats).store, scan, opts('full')).gatherRows, false);
});

test('the stored rows of re-parsed and removed files are sought one by one up to 256 files, read whole past that, and only theirs kept', () => {
  const read = (stored: number, changed: number, removed: number, added = 0) => {
    const { stats, scan } = project(stored, changed, removed, added);
    const { store, reads } = fakeStore(stats);
    const plan = planScan(store, scan, opts('incremental'));
    return { plan, reads };
  };
  const few = read(300, 200, 56, 3);
  assert.equal(few.reads.all, 0);
  assert.equal(few.reads.seeks.length, 1);
  assert.equal(few.reads.seeks[0]?.length, 256, 'new files have no stored rows to seek');
  assert.equal(few.plan.stored.size, 256);
  const many = read(300, 200, 57);
  assert.equal(many.reads.all, 1);
  assert.deepEqual(many.reads.seeks, []);
  assert.equal(many.plan.stored.size, 257, 'the unchanged files\' rows are left out');
  assert.deepEqual([...many.plan.stored.keys()].sort(), [...names(200), ...names(300).slice(243)].sort());
  const one = read(10, 1, 0);
  assert.deepEqual([...one.plan.stored.values()].map((r) => r.path), [names(10)[0]]);
});
