import { join } from 'node:path';
import { GraphStore, openSavedDatabase, type SqliteDb } from '../../src/store/index.js';

/**
 * A canonical text form of a project's stored graph, independent of row ids and insertion
 * order: one sorted line per file, node and edge. Two indexes of the same tree dump equal.
 */
export function dumpGraph(root: string): Promise<string> {
  return readStoredIndex(root, (store, db) => {
    const lines: string[] = [];
    const label = new Map<number, string>();
    // Argument counts and return types are not part of the store's records; read them straight from the tables.
    const arity = new Map(db.all<{ id: number; arity: number | null }>(`SELECT id, arity FROM nodes`).map((r) => [r.id, r.arity]));
    const returns = new Map(db.all<{ id: number; returns: string | null }>(`SELECT id, returns FROM nodes`).map((r) => [r.id, r.returns]));
    const args = new Map(db.all<{ id: number; args: number | null }>(`SELECT id, args FROM refs`).map((r) => [r.id, r.args]));
    for (const file of store.listFiles()) {
      lines.push(`file ${file.path} ${file.language} ${file.sha256} errors=${file.parseErrors} test=${file.isTest}`);
      for (const node of store.nodesInFile(file.path)) {
        const name = `${node.path}#${node.kind}:${node.qualifiedName}@${node.startLine}:${node.startCol}`;
        label.set(node.id, name);
        lines.push(`node ${name}-${node.endLine}:${node.endCol} exported=${node.exported} sig=${node.signature ?? ''} doc=${(node.docstring ?? '').length} arity=${arity.get(node.id) ?? ''} returns=${returns.get(node.id) ?? ''}`);
      }
    }
    for (const file of store.listFiles()) {
      for (const node of store.nodesInFile(file.path)) {
        for (const e of store.edgesFrom(node.id)) {
          lines.push(`edge ${label.get(e.sourceId)} -${e.kind}-> ${label.get(e.targetId)} at ${e.line ?? ''}:${e.col ?? ''} ${e.method ?? ''} ${e.confidence.toFixed(2)}`);
        }
      }
      for (const r of store.refsInFile(file.path)) lines.push(`ref ${label.get(r.fromNodeId)} ${r.kind} ${r.receiver ?? ''}.${r.name} ${r.line}:${r.col} args=${args.get(r.id) ?? ''}`);
    }
    return `${lines.sort().join('\n')}\n`;
  });
}

/** Runs `read` over `root`'s saved index (image and change log), opened as a one-shot reader does, and closes it. */
export async function readStoredIndex<T>(root: string, read: (store: GraphStore, db: SqliteDb) => T): Promise<T> {
  const loaded = await openSavedDatabase(join(root, '.codegraph'));
  if (loaded === undefined) throw new Error(`no index in ${root}`);
  const db = loaded.db;
  try {
    return read(GraphStore.open(db), db);
  } finally {
    db.close();
  }
}
