/**
 * Public API of the store, the only place that speaks SQL: the sql.js adapter, the schema, the
 * graph (a reader, a writer, and the store holding both), the query modules with typed results,
 * persistence and the writer lock. Other folders import from here, not from the individual files,
 * except `layout.ts` (where an index lives on disk), which light processes import without sql.js.
 */
export { CapacityError, CorruptIndexError, ForeignIndexError, LockHeldError, SchemaError } from './errors.js';
export type { LockOwner } from './errors.js';
export { SqliteDb, CachedStatement, isOutOfMemoryError, loadSqlJs } from './sqlite.js';
export { createWithRoom } from './image-file.js';
export type { SqlParams, SqlRow, SqlValue } from './sqlite.js';
export { MIGRATIONS, SCHEMA_VERSION, SEARCH_COLUMNS, edgeRelation, migrate, registerSchemaFunctions } from './schema.js';
export { splitIdentifierWords } from './identifier-words.js';
export type { MigrateResult, Migration } from './schema.js';
export { GraphStore } from './graph-store.js';
export type { GraphStoreOptions } from './graph-store.js';
export { GraphReader } from './graph-reader.js';
export type { GraphTotals, SummaryCounts } from './graph-stats.js';
export { DEFAULT_MAX_DATABASE_BYTES, GraphWriter } from './graph-writer.js';
export type { EdgeSource } from './graph-writer.js';
export type { WrittenFile } from './file-rows.js';
export type {
  Diagnostic,
  FileDigest,
  FileInfo,
  FileRecord,
  GraphCounts,
  LanguageCounts,
  StoredEdge,
  StoredFile,
  StoredImport,
  StoredNode,
  StoredRef,
  StoredStat,
} from './records.js';
export { edgeKindOf, nodeKindOf } from './records.js';
export { compareNodes, dependents, fileDependencies, members, neighboursOfSets, nodesById, nodesOfFiles, testFilePaths } from './graph-queries.js';
export type { GraphNode, Neighbour } from './graph-queries.js';
export { fileLinks } from './file-links.js';
export type { FileLink } from './file-links.js';
export { readNodeLinkPage, readNodeLinkTables } from './node-link-tables.js';
export type { NodeLinkFile, NodeLinkRow, NodeLinkTables } from './node-link-tables.js';
export { callTrail, fileStates, filesUsing, pathsEndingWith } from './lookup-queries.js';
export type { FileState, Trail, TrailRow } from './lookup-queries.js';
export { contentStamp, eachIndexedFile, eachSymbolName } from './search-reads.js';
export {
  docstringsHolding, eachSymbolById, eachSymbolHoldingAll, eachSymbolUnder, eachTextMatch, eachSymbolInOrder, eachSymbolNamed, eachSymbolQualified, eachSymbolQualifiedWithPrefix, eachSymbolWithPrefix, incomingEdgeCounts, searchTermStats,
} from './full-text.js';
export type { MatchRequest, SearchRow, TermStats } from './full-text.js';
export { boundCallees, callerCounts, eachDefinitionShape, eachDefinitionText, eachEdgeOf, eachExploreFile, eachFilePath } from './explore-reads.js';
export type { ExploreFile } from './explore-reads.js';
export {
  NO_DEFINITION, TERM_FIELDS, decodeIds, eachDefinitionTextInFiles, eachFileStamp, encodeIds, maxNodeId, readTermBase, readTermBaseStamp,
  readTermPostings, writeTermBase,
} from './term-tables.js';
export type { FileStamp, StoredTermBase, TermBaseRows, TermBaseStamp, TermField } from './term-tables.js';
export { indexOwner, type IndexOwner } from './index-owner.js';
export { hasMounts, hasRouteTemplates, MAX_TEMPLATE_DEPTH, readMountLinks, readRouteNames, readTemplateChains } from './route-mounts.js';
export type { MountLink, QualifiedRoute, RouteName, TemplateChainStep } from './route-mounts.js';
export { cleanStaleTempFiles, hasChanged, loadDatabase, keepDamagedDatabase, saveDatabase } from './persist.js';
export { CHANGE_LOG_FILE, DATABASE_FILE, DEFAULT_INDEX_DIR, INDEX_DIR, STATUS_SNAPSHOT_FILE } from './layout.js';
export { LOG_FLOOR_BYTES, LOG_SHARE_OF_BASE, logPastLimit, openSavedDatabase, QUIET_WRITER_LOG_LIMITS } from './saved-index.js';
export type { OpenedDatabase } from './saved-index.js';
export { hasStatusSnapshotFor, readStatusSnapshot, writeStatusSnapshot } from './status-snapshot.js';
export type { StatusSnapshot } from './status-snapshot.js';
export type { DatabaseStamp, LoadedDatabase } from './persist.js';
export { LOCK_FILE, acquireLock, forceUnlock, isProcessAlive, readLock, releaseLock } from './lock.js';
export type { AcquireLockOptions, LockHandle } from './lock.js';
export {
  bulkRef, bulkSymbol, dependentFileIds, fileIdsDefiningMethods, fileIdsImportingStems, fileIdsReferencing, highestNodeId, interfaceMethodNames, keepsSignature, nameFingerprints, readImportsByFile, readImportsOfFiles, readReferencedNames, readSymbolById, readSymbolsNamed, readSymbolsOfFiles, readRefs, readRefsForFiles, readRefsOfFiles,
  opensScope, readReferencedNamesBetween, readSymbols, readSymbolsAfter, subclassFileIds,
} from './bulk.js';
export type { BulkRef, BulkSymbol } from './bulk.js';
export { StringPool } from './string-pool.js';
