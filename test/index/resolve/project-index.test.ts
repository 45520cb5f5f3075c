import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProjectIndex } from '../../../src/index/resolve/project-index.js';
import { resolveReferences } from '../../../src/index/resolve/index.js';
import type { ResolveData, ResolveResult, ResolverFile, ResolverSymbol } from '../../../src/index/resolve/types.js';
import { syntheticProject } from './synthetic.js';

/** Everything a lookup can tell about `project`, over the names and ids given. */
function view(project: ProjectIndex, names: readonly string[], ids: readonly number[]): unknown {
  const ofIds = (list: readonly ResolverSymbol[]): number[] => list.map((s) => s.id);
  return {
    files: project.files.map((f) => ({ ...f })),
    named: names.map((n) => ofIds(project.named(n))),
    symbols: ids.map((id) => project.symbol(id)?.id ?? null),
    perFile: project.files.map((f) => ({
      all: ofIds(project.symbolsOf(f.id)),
      top: names.map((n) => ofIds(project.topLevel(f.id, n))),
      members: project.symbolsOf(f.id).map((p) => names.map((n) => ofIds(project.members(p, n)))),
    })),
  };
}

function summary(result: ResolveResult): unknown {
  return { edges: [...result.edges], unresolved: result.unresolved, stats: result.stats };
}

/** A project and its edits: each edit gives some files new definitions (new ids) and new imports. */
class Edits {
  files: ResolverFile[];
  symbols: ResolverSymbol[];
  nextId: number;

  constructor(readonly input: ResolveData) {
    this.files = [...input.files];
    this.symbols = [...input.symbols];
    this.nextId = Math.max(...input.symbols.map((s) => s.id), ...input.files.map((f) => f.nodeId)) + 1;
  }

  /**
   * Rewrites the definitions of the files at `positions`: the class and `get` stay, one function
   * is renamed, the rest go, `added` names come. New ids start above the highest remaining id, as
   * SQLite hands them out (reusing the ids of the rewritten file's old rows when those were last).
   */
  rewrite(positions: readonly number[], tag: string): { changed: Set<number>; fresh: ResolverSymbol[] } {
    const changed = new Set(positions.map((p) => (this.files[p] as ResolverFile).id));
    const remaining = this.symbols.filter((s) => !changed.has(s.fileId));
    let id = Math.max(0, ...remaining.map((s) => s.id)) + 1;
    const fresh: ResolverSymbol[] = [];
    for (const pos of positions) {
      const file = this.files[pos] as ResolverFile;
      const cls = id++;
      fresh.push({ id: cls, fileId: file.id, kind: 'class', name: `C${pos}`, qualifiedName: `C${pos}`, parentId: null, exported: true });
      fresh.push({ id: id++, fileId: file.id, kind: 'method', name: 'get', qualifiedName: `C${pos}.get`, parentId: cls, exported: true });
      fresh.push({ id: id++, fileId: file.id, kind: 'function', name: `fn${pos}_0`, qualifiedName: `fn${pos}_0`, parentId: null, exported: true });
      fresh.push({ id: id++, fileId: file.id, kind: 'function', name: `renamed_${tag}`, qualifiedName: `renamed_${tag}`, parentId: null, exported: true });
      fresh.push({ id: id++, fileId: file.id, kind: 'function', name: `fn${(pos + 7) % this.files.length}_1`, qualifiedName: `dup_${tag}`, parentId: null, exported: true });
      this.files[pos] = { ...file, nodeId: id++, imports: [{ module: `./mod${(pos + 3) % this.files.length}`, names: [{ imported: `renamed_${tag}`, local: `renamed_${tag}` }], reexport: false, line: 1 }] };
    }
    this.symbols = [...remaining, ...fresh];
    this.nextId = id;
    return { changed, fresh };
  }

  names(): string[] {
    return [...new Set(this.symbols.map((s) => s.name))].sort();
  }
}

test('a patched index equals one built anew over the same files and definitions, edit after edit', () => {
  const edits = new Edits(syntheticProject(2000));
  const kept = new ProjectIndex(edits.files, edits.symbols);
  const everId = new Set(edits.symbols.map((s) => s.id));
  // The same file again and again (its new ids reuse its old ones), then several files at once.
  const rounds: number[][] = [[5], [5], [5], [0, 17, 33], [17], [39, 2]];
  rounds.forEach((positions, round) => {
    const { changed, fresh } = edits.rewrite(positions, `r${round}`);
    for (const s of fresh) everId.add(s.id);
    assert.equal(kept.patch(edits.files, changed, fresh), true, `round ${round} patched`);
    const fresher = new ProjectIndex(edits.files, edits.symbols);
    const ids = [...everId].sort((a, b) => a - b);
    assert.deepEqual(view(kept, edits.names(), ids), view(fresher, edits.names(), ids), `round ${round}`);
  });
});

test('resolution over a patched index gives the same edges as over a fresh one', () => {
  const input = syntheticProject(3000);
  const edits = new Edits(input);
  const kept = new ProjectIndex(edits.files, edits.symbols);
  const { changed, fresh } = edits.rewrite([4, 9], 'x');
  assert.equal(kept.patch(edits.files, changed, fresh), true);
  const after = { files: edits.files, symbols: edits.symbols, refs: input.refs };
  const patched = resolveReferences({ ...after, project: kept });
  const anew = resolveReferences(after);
  assert.deepEqual(summary(patched), summary(anew));
  assert.ok(patched.edges.length > 0, 'the synthetic project resolves some references');
});

test('a patch that cannot give the same tables is refused and changes nothing', () => {
  const edits = new Edits(syntheticProject(500));
  const kept = new ProjectIndex(edits.files, edits.symbols);
  const names = edits.names();
  const ids = edits.symbols.map((s) => s.id);
  const before = view(kept, names, ids);
  const file = edits.files[3] as ResolverFile;
  const one = new Set([file.id]);
  const own = edits.symbols.filter((s) => s.fileId === file.id);

  // A file added to the list.
  const added = [...edits.files, { ...file, id: 999_999, path: 'new/file.py' }];
  assert.equal(kept.patch(added, one, own), false);
  // A changed file moved to another path.
  const moved = edits.files.map((f) => (f.id === file.id ? { ...f, path: 'elsewhere/mod3.py' } : f));
  assert.equal(kept.patch(moved, one, own), false);
  // A changed file that now declares a package in a family that has them.
  const java = edits.files.map((f) => (f.id === file.id ? { ...f, language: 'java', packageName: 'com.example' } : f));
  assert.equal(kept.patch(java, one, own), false);
  // New definitions whose ids are not above every remaining one.
  const low = own.map((s, i) => ({ ...s, id: (ids[0] as number) + i }));
  assert.equal(kept.patch(edits.files, one, low), false);

  assert.deepEqual(view(kept, names, ids), before);
});

test('a patch is refused once dropped definitions pile up, so a fresh build compacts them', () => {
  const edits = new Edits(syntheticProject(200));
  const kept = new ProjectIndex(edits.files, edits.symbols);
  // Each rewrite of one file drops its 5 or 24 definitions; the bound is 10,000 on a small project.
  let refused = -1;
  for (let round = 0; round < 3_000 && refused < 0; round++) {
    const { changed, fresh } = edits.rewrite([1], `p${round}`);
    if (!kept.patch(edits.files, changed, fresh)) refused = round;
  }
  assert.ok(refused > 1_000 && refused < 2_100, `refused at round ${refused}`);
});

test('an index built a slice at a time equals one built at once, and yields between its slices', () => {
  const input = syntheticProject(500);
  const names = [...new Set(input.symbols.map((s) => s.name))].sort();
  const ids = input.symbols.map((s) => s.id);
  const once = new ProjectIndex(input.files, input.symbols);
  for (const chunk of [1, 7, input.symbols.length, input.symbols.length + 5]) {
    const build = ProjectIndex.stepwise(input.files, input.symbols, chunk);
    let yields = 0;
    let step = build.next();
    while (step.done !== true) {
      yields++;
      step = build.next();
    }
    assert.equal(yields, Math.ceil(input.symbols.length / chunk), `chunk ${chunk}: one yield per slice`);
    assert.deepEqual(view(step.value, names, ids), view(once, names, ids), `chunk ${chunk}`);
  }
});
