/**
 * `/view/api/impact?id=` or `?file=`: the blast radius of a symbol or of a changed file (what
 * depends on it, to a depth) and the tests it reaches, from the same engines as the impact tool
 * and `codegraph affected`.
 */
import { affectedTests, impactOf } from '../../graph/index.js';
import type { GraphStore, StoredNode } from '../../store/index.js';
import { testFilePaths } from '../../store/index.js';
import { ViewStatus } from '../request-plan.js';
import { fail, intParam, ok, type ApiAnswer } from './answer.js';
import type { SourceFiles } from './source.js';

/** Depth of the walk unless `depth` says otherwise. */
export const DEFAULT_IMPACT_DEPTH = 3;
/** Most impacted files listed (the count covers all). */
export const MAX_IMPACT_FILES = 200;

/** Answers the impact of symbol `id` or file `file`. */
export function impactAnswer(store: GraphStore, files: Pick<SourceFiles, 'inside'>, query: URLSearchParams): ApiAnswer {
  const depth = intParam(query, 'depth', DEFAULT_IMPACT_DEPTH, 1, 10);
  if (typeof depth === 'string') return fail(ViewStatus.BadRequest, depth);
  const file = query.get('file');
  let target: StoredNode | undefined;
  if (file !== null) {
    const path = files.inside(file);
    if (path === undefined) return fail(ViewStatus.NotFound, `${JSON.stringify(file)} is not a path inside the project`);
    const stored = store.getFile(path);
    target = stored === undefined ? undefined : store.getNode(stored.fileNodeId);
    if (target === undefined) return fail(ViewStatus.NotFound, `${path} is not in the index`);
  } else {
    const id = intParam(query, 'id', -1, 0, 2 ** 31 - 1);
    if (typeof id === 'string' || id < 0) return fail(ViewStatus.BadRequest, 'give id (a symbol id) or file (a project-relative file path)');
    target = store.getNode(id);
    if (target === undefined) return fail(ViewStatus.NotFound, `no symbol with id ${id} in the index (it may have changed since; search again)`);
  }
  const impact = impactOf(store, { path: target.path, qualifiedName: target.qualifiedName, nodes: [target] }, depth);
  const testPaths = testFilePaths(store);
  const tests = file !== null
    ? affectedTests(store, [target.path], depth).tests.map((t) => ({ path: t.path, functions: t.functions.map((f) => ({ name: f.name, line: f.line })) }))
    : impact.files.filter((f) => testPaths.has(f.path)).map((f) => ({ path: f.path, functions: f.nodes.map((n) => ({ name: n.node.name, line: n.node.startLine })) }));
  return ok({
    target: { id: target.id, name: target.name, kind: target.kind, path: target.path, line: target.startLine },
    depth, count: impact.count, fileCount: impact.files.length,
    files: impact.files.slice(0, MAX_IMPACT_FILES).map((f) => ({
      path: f.path, isTest: testPaths.has(f.path),
      nodes: f.nodes.map((n) => ({ id: n.node.id, name: n.node.name, kind: n.node.kind, line: n.node.startLine, depth: n.depth })),
    })),
    tests,
  });
}
