/**
 * The whole-index reads the search engine builds its name tables from: a cheap fingerprint of
 * the contents, every file, and every symbol's name and place. Rows are handed to a callback as
 * they are read (never collected), because they run over the entire repository.
 */
import type { NodeKind } from '../model.js';
import { connectionOf } from './graph-reader.js';
import type { GraphReader } from './graph-reader.js';
import { NODE_CODE, code, nodeKindOf } from './records.js';
import { qualifiedNameOf } from './schema.js';

const FILE_KIND = code(NODE_CODE, 'file');

/** A cheap fingerprint of the store's contents: any file write changes the max node id or the files. */
export function contentStamp(reader: GraphReader): string {
  let stamp = '';
  connectionOf(reader).each(`SELECT (SELECT max(id) FROM nodes), (SELECT max(id) FROM files), (SELECT count(*) FROM files)`, [], (row) => {
    stamp = row.join(':');
  });
  return stamp;
}

/** Calls `fn` for every file, by path, with its symbol count and whether the extractor marked it a test. */
export function eachIndexedFile(
  reader: GraphReader, fn: (id: number, path: string, language: string, symbols: number, isTest: boolean) => void,
): void {
  // Not listFiles(): its per-file subquery for the file node id is not needed here and costs seconds on large indexes.
  connectionOf(reader).each(`SELECT id, path, language, node_count, is_test FROM files ORDER BY path`, [], ([id, path, language, symbols, isTest]) => {
    fn(Number(id), String(path), String(language), Number(symbols), isTest === 1);
  });
}

/** Calls `fn` for every symbol (every node but file nodes), in id order, with its name, kind, file and first line. */
export function eachSymbolName(
  reader: GraphReader, fn: (id: number, name: string, qualifiedName: string, kind: NodeKind, fileId: number, line: number) => void,
): void {
  connectionOf(reader).each(
    `SELECT id, name, ${qualifiedNameOf('nodes')}, kind, file_id, start_line FROM nodes WHERE kind <> ? ORDER BY id`,
    [FILE_KIND],
    ([id, name, qualifiedName, kind, fileId, line]) => {
      fn(Number(id), String(name ?? ''), String(qualifiedName ?? ''), nodeKindOf(Number(kind)), Number(fileId), Number(line));
    },
  );
}
