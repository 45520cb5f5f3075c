/**
 * Public API of the store: the sql.js adapter, the schema, the graph, persistence and the writer
 * lock. Other folders import from here, not from the individual files.
 */
export { CapacityError, LockHeldError, SchemaError } from './errors.js';
export type { LockOwner } from './errors.js';
export { SqliteDb, CachedStatement, isOutOfMemoryError, loadSqlJs } from './sqlite.js';
export type { SqlParams, SqlRow, SqlValue } from './sqlite.js';
export { MIGRATIONS, SCHEMA_VERSION, SEARCH_COLUMNS, edgeRelation, migrate, registerSchemaFunctions, splitIdentifierWords } from './schema.js';
export type { MigrateResult, Migration } from './schema.js';
export { DEFAULT_MAX_DATABASE_BYTES, GraphStore } from './graph-store.js';
export type { GraphStoreOptions } from './graph-store.js';
export type {
  Diagnostic,
  FileInfo,
  GraphCounts,
  LanguageCounts,
  SearchHit,
  SearchOptions,
  StoredEdge,
  StoredFile,
  StoredImport,
  StoredNode,
  StoredRef,
} from './records.js';
export { DATABASE_FILE, INDEX_DIR, cleanStaleTempFiles, hasChanged, loadDatabase, saveDatabase } from './persist.js';
export type { DatabaseStamp, LoadedDatabase } from './persist.js';
export { LOCK_FILE, acquireLock, forceUnlock, isProcessAlive, readLock, releaseLock } from './lock.js';
export type { AcquireLockOptions, LockHandle } from './lock.js';
export {
  bulkRef, bulkSymbol, dependentFileIds, fileIdsImportingStems, fileIdsReferencing, nameFingerprints, readImportsByFile, readImportsOfFiles, readReferencedNames, readSymbolsOfFiles, readRefs, readRefsForFiles,
  opensScope, readSymbols, subclassFileIds, touchFile,
} from './bulk.js';
export type { BulkRef, BulkSymbol } from './bulk.js';
export { StringPool } from './string-pool.js';
