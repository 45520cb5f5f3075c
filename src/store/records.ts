/**
 * The records the store reads and writes, and their mapping to and from database rows (kinds and
 * methods are stored as integer codes: their index in the model's lists).
 */
import { EDGE_KINDS, NODE_KINDS, RESOLUTION_METHODS } from '../model.js';
import type { EdgeKind, NodeKind, RefKind, ResolutionMethod } from '../model.js';
import type { SqlRow, SqlValue } from './sqlite.js';

/** What the indexer knows about a source file before storing it. */
export interface FileInfo {
  readonly path: string;
  readonly language: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** Hex digest of the content. */
  readonly sha256: string;
}

/** What a sync compares a scanned file with to tell it unchanged: its path, language, size and mtime, and its package. */
export interface StoredStat extends Pick<FileInfo, 'path' | 'language' | 'size' | 'mtimeMs'> {
  /** The package the extraction recorded (a Rust file's crate, which its manifest names). */
  readonly packageName?: string | null;
}

/** What a freshness check compares for one indexed file: its size, mtime and content hash. */
export type FileDigest = Pick<FileInfo, 'size' | 'mtimeMs' | 'sha256'>;

/** A stored file with its metadata and the id of its `file` node. */
export interface StoredFile extends FileRecord {
  readonly fileNodeId: number;
}

/** A stored file's own row, without its file node's id (which costs an index seek per file to find). */
export interface FileRecord extends FileInfo {
  readonly id: number;
  /** Symbols stored for the file, not counting its file node. */
  readonly nodeCount: number;
  readonly parseErrors: number;
  readonly isTest: boolean;
  readonly packageName: string | null;
}

/** A stored node; file nodes have `parentId` null, top-level symbols have their file node as parent. */
export interface StoredNode {
  readonly id: number;
  readonly fileId: number;
  readonly path: string;
  readonly kind: NodeKind;
  readonly name: string;
  readonly qualifiedName: string;
  readonly startLine: number;
  readonly startCol: number;
  readonly endLine: number;
  readonly endCol: number;
  readonly parentId: number | null;
  readonly signature: string | null;
  readonly docstring: string | null;
  readonly exported: boolean;
}

/** A reference kept for resolution; file-level references come from the file node. */
export interface StoredRef {
  readonly id: number;
  readonly fileId: number;
  readonly path: string;
  readonly fromNodeId: number;
  readonly kind: RefKind;
  readonly name: string;
  readonly receiver: string | null;
  readonly line: number;
  readonly col: number;
}

/** A stored import statement. */
export interface StoredImport {
  readonly id: number;
  readonly fileId: number;
  readonly path: string;
  readonly module: string;
  readonly names: readonly { readonly imported: string; readonly local: string }[];
  readonly namespace: string | null;
  readonly reexport: boolean;
  readonly line: number;
}

/** A stored edge; `contains` edges have no position and no method. */
export interface StoredEdge {
  readonly sourceId: number;
  readonly targetId: number;
  readonly kind: EdgeKind;
  readonly line: number | null;
  readonly col: number | null;
  readonly confidence: number;
  readonly method: ResolutionMethod | null;
}

/** A file that could not be indexed (or only partly), for `status` and `check`. */
export interface Diagnostic {
  readonly path: string;
  readonly reason: string;
  readonly detail: string;
}

/** Totals for `status`. */
export interface GraphCounts {
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
  readonly refs: number;
  readonly unresolvedRefs: number;
  readonly nodesByKind: Readonly<Partial<Record<NodeKind, number>>>;
  readonly edgesByKind: Readonly<Partial<Record<EdgeKind, number>>>;
  readonly filesByLanguage: Readonly<Record<string, number>>;
}

/** What one language contributes to the graph; edges and references counted from its files. */
export interface LanguageCounts {
  readonly language: string;
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
  readonly refs: number;
  readonly unresolvedRefs: number;
}

/** Integer code of each node kind. */
export const NODE_CODE = new Map<string, number>(NODE_KINDS.map((k, i) => [k, i]));
/** Integer code of each edge kind. */
export const EDGE_CODE = new Map<string, number>(EDGE_KINDS.map((k, i) => [k, i]));
/** Integer code of each resolution method. */
export const METHOD_CODE = new Map<string, number>(RESOLUTION_METHODS.map((k, i) => [k, i]));

/** The code of `key`; an unknown kind is a bug in the caller, so it throws. */
export function code(codes: ReadonlyMap<string, number>, key: string): number {
  const value = codes.get(key);
  if (value === undefined) throw new TypeError(`unknown kind or method: ${key}`);
  return value;
}

/**
 * Codes of the stored edges that bind no reference: import statements (one per statement and
 * target file) and the `overrides` links resolution derives from class hierarchies. Every other
 * stored edge binds exactly one reference, which is how the totals count unresolved ones.
 */
export const UNBINDING_EDGE_CODES: readonly number[] = [code(EDGE_CODE, 'imports'), code(EDGE_CODE, 'overrides')];

/** The node kind stored under `code` (an unknown code reads as `variable`). */
export function nodeKindOf(code: number): NodeKind {
  return NODE_KINDS[code] ?? 'variable';
}

/** The edge kind stored under `code` (an unknown code reads as `references`). */
export function edgeKindOf(code: number): EdgeKind {
  return EDGE_KINDS[code] ?? 'references';
}

/** Row value as text (helpers for the mappers below and for hot loops in the store). */
export const str = (v: SqlValue | undefined): string => (typeof v === 'string' ? v : String(v ?? ''));
/** Row value as a number. */
export const num = (v: SqlValue | undefined): number => Number(v ?? 0);
/** Row value as text, or null. */
export const strOrNull = (v: SqlValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** A `files` row (with `file_node_id`) as a record. */
export function toFile(r: SqlRow): StoredFile {
  return { ...toFileRecord(r), fileNodeId: num(r['file_node_id']) };
}

/** A stored content hash (a blob) as hex; '' where none is stored. */
export function shaHex(value: SqlValue | undefined): string {
  return value instanceof Uint8Array ? Buffer.from(value).toString('hex') : '';
}

/** A files row as a FileRecord. */
export function toFileRecord(r: SqlRow): FileRecord {
  return {
    id: num(r['id']),
    path: str(r['path']),
    language: str(r['language']),
    size: num(r['size']),
    mtimeMs: num(r['mtime_ms']),
    sha256: shaHex(r['sha256']),
    nodeCount: num(r['node_count']),
    parseErrors: num(r['parse_errors']),
    isTest: r['is_test'] === 1,
    packageName: strOrNull(r['package_name']),
  };
}

/** A node row joined with its file path as a record. */
export function toNode(r: SqlRow): StoredNode {
  const parent = r['parent_id'];
  return {
    id: num(r['id']),
    fileId: num(r['file_id']),
    path: str(r['path']),
    kind: NODE_KINDS[num(r['kind'])] ?? 'file',
    name: str(r['name']),
    qualifiedName: str(r['qualified_name']),
    startLine: num(r['start_line']),
    startCol: num(r['start_col']),
    endLine: num(r['end_line']),
    endCol: num(r['end_col']),
    parentId: typeof parent === 'number' ? parent : null,
    signature: strOrNull(r['signature']),
    docstring: strOrNull(r['docstring']),
    exported: r['exported'] === 1,
  };
}

/** A `refs` row joined with its file path as a record. */
export function toRef(r: SqlRow): StoredRef {
  return {
    id: num(r['id']),
    fileId: num(r['file_id']),
    path: str(r['path']),
    fromNodeId: num(r['from_node_id']),
    kind: (EDGE_KINDS[num(r['kind'])] ?? 'references') as RefKind,
    name: str(r['name']),
    receiver: strOrNull(r['receiver']),
    line: num(r['line']),
    col: num(r['col']),
  };
}

/** An `imports` row joined with its file path as a record. */
export function toImport(r: SqlRow): StoredImport {
  return {
    id: num(r['id']),
    fileId: num(r['file_id']),
    path: str(r['path']),
    module: str(r['module']),
    names: JSON.parse(str(r['names'])) as StoredImport['names'],
    namespace: strOrNull(r['namespace']),
    reexport: r['reexport'] === 1,
    line: num(r['line']),
  };
}

/** An `edges` row as a record. */
export function toEdge(r: SqlRow): StoredEdge {
  const method = r['method'];
  const line = r['line'];
  const col = r['col'];
  return {
    sourceId: num(r['source_id']),
    targetId: num(r['target_id']),
    kind: EDGE_KINDS[num(r['kind'])] ?? 'references',
    line: typeof line === 'number' ? line : null,
    col: typeof col === 'number' ? col : null,
    confidence: num(r['confidence']),
    method: typeof method === 'number' ? (RESOLUTION_METHODS[method] ?? null) : null,
  };
}
