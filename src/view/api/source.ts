/**
 * `/view/api/source?id=` (a symbol's lines with some context) or `?path=` (a file's first lines):
 * the text as the file is now, through a reader that refuses paths outside the project, secret
 * files and files past the size limit, and whether the file changed since the last sync.
 */
import type { GraphStore } from '../../store/index.js';
import { ViewStatus } from '../request-plan.js';
import { fail, intParam, ok, type ApiAnswer } from './answer.js';

/** The project's files as the view may read them (the freshness probe in production). */
export interface SourceFiles {
  /** Project-relative path as the index spells it, or undefined when `path` leaves the project. */
  inside(path: string): string | undefined;
  /** 'fresh' only when the file's bytes provably equal the indexed ones. */
  freshness(path: string): 'fresh' | 'drifted';
  /** Current text, or undefined when it cannot or must not be read. */
  read(path: string): string | undefined;
}

/** Lines of context shown around a symbol. */
export const CONTEXT_LINES = 4;
/** Most lines one answer carries. */
export const MAX_SOURCE_LINES = 400;

/** Answers the lines of a symbol (`id`) or of a file (`path`). */
export function sourceAnswer(store: GraphStore, files: SourceFiles, query: URLSearchParams): ApiAnswer {
  const requested = query.get('path');
  if (requested !== null) return fileSource(store, files, requested);
  const id = intParam(query, 'id', -1, 0, 2 ** 31 - 1);
  if (typeof id === 'string' || id < 0) return fail(ViewStatus.BadRequest, 'give id (a symbol id) or path (a project-relative file path)');
  const node = store.getNode(id);
  if (node === undefined) return fail(ViewStatus.NotFound, `no symbol with id ${id} in the index (it may have changed since; search again)`);
  const text = files.read(node.path);
  if (text === undefined) return fail(ViewStatus.NotFound, `${node.path} cannot be shown (gone, a secret file, or too large)`);
  const lines = splitLines(text);
  const from = Math.max(1, node.startLine - CONTEXT_LINES);
  const to = Math.min(lines.length, node.endLine + CONTEXT_LINES, from + MAX_SOURCE_LINES - 1);
  return ok({
    id: node.id, name: node.name, qualifiedName: node.qualifiedName, kind: node.kind, path: node.path,
    startLine: node.startLine, endLine: node.endLine, from, lines: lines.slice(from - 1, to),
    stale: files.freshness(node.path) === 'drifted', totalLines: lines.length,
  });
}

function fileSource(store: GraphStore, files: SourceFiles, requested: string): ApiAnswer {
  const path = files.inside(requested);
  if (path === undefined) return fail(ViewStatus.NotFound, `${JSON.stringify(requested)} is not a path inside the project`);
  if (store.getFile(path) === undefined) return fail(ViewStatus.NotFound, `${path} is not in the index`);
  const text = files.read(path);
  if (text === undefined) return fail(ViewStatus.NotFound, `${path} cannot be shown (gone, a secret file, or too large)`);
  const lines = splitLines(text);
  return ok({ path, from: 1, lines: lines.slice(0, MAX_SOURCE_LINES), stale: files.freshness(path) === 'drifted', totalLines: lines.length });
}

function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
