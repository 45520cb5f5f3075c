/**
 * The database schema, its version, and the decision of what to do with a database written by
 * another build.
 *
 * Compactness: kinds and resolution methods are small integer codes (their index in the model's
 * lists, recorded in `meta` so a reordered list is detected), sha256 is a 32-byte blob, and the
 * full-text index is an external-content FTS4 table whose content is a view over `nodes`, so the
 * searchable text is stored once. The one duplicated string is each file's path, kept both in
 * `files.path` and as its file node's qualified name. A qualified name equal to the name (a
 * top-level C function, a Python module-level def: 73% of the Linux kernel's symbols) is stored
 * as '' and read through `qualifiedNameOf`; only the others are in the qualified-name index.
 */
import { splitIdentifierWords } from './identifier-words.js';
import { EDGE_KINDS, NODE_KINDS, RESOLUTION_METHODS } from '../model.js';
import type { EdgeKind } from '../model.js';
import type { SqliteDb } from './sqlite.js';

/** Bumped whenever the DDL below changes shape. */
export const SCHEMA_VERSION = 10;

/**
 * SQLite's `application_id` of a codegraph-wasm index ("CGWA"): written in every index, so that a
 * database of the same name from another tool is told apart by its header.
 */
export const APPLICATION_ID = 0x43475741;

/** The SQL function the search view calls; registered on every connection by `migrate`. */
export const WORDS_FUNCTION = 'cg_words';

/** The index listing files needs: a file's node is its smallest node id. */
export const FILE_NODES_INDEX = 'nodes_file';

/** The condition, word for word, under which a nodes row is in the partial qualified-name index. */
export const QUALIFIED_STORED = `qualified_name <> ''`;

/** A class's row of `route_templates`, by its file and line (schema 9). */
const ROUTE_TEMPLATES_INDEX = { name: 'route_templates_class', on: 'route_templates(file_id, line)' };

/**
 * The b-tree indexes on the graph's tables (not the primary keys or the unique file path). A bulk
 * load into an empty store drops them and builds each once at the end, which costs far less than
 * keeping them sorted row by row.
 */
export const SECONDARY_INDEXES: readonly { readonly name: string; readonly on: string }[] = [
  { name: FILE_NODES_INDEX, on: 'nodes(file_id)' },
  { name: 'nodes_parent', on: 'nodes(parent_id)' },
  { name: 'nodes_name_lower', on: 'nodes(lower(name))' },
  { name: 'nodes_qualified', on: `nodes(qualified_name) WHERE ${QUALIFIED_STORED}` },
  { name: 'edges_source', on: 'edges(source_id, kind)' },
  { name: 'edges_target', on: 'edges(target_id, kind)' },
  { name: 'refs_file', on: 'refs(file_id)' },
  { name: 'imports_file', on: 'imports(file_id)' },
  ROUTE_TEMPLATES_INDEX,
];

/**
 * The SQL expression reading the qualified name of the nodes row `alias`: stored as '' when it
 * equals the name (rows a schema-4 build wrote hold it in full). Lookups by qualified name use
 * `QUALIFIED_STORED` for the index and the name index for the rest.
 */
export function qualifiedNameOf(alias: string): string {
  return `CASE ${alias}.qualified_name WHEN '' THEN ${alias}.name ELSE ${alias}.qualified_name END`;
}

/** What the nodes row stores as the qualified name `qualifiedName` of a symbol named `name`. */
export function storedQualifiedName(name: string, qualifiedName: string): string {
  return qualifiedName === name ? '' : qualifiedName;
}

/** The statement that creates one secondary index. */
export function createIndexSql(index: { readonly name: string; readonly on: string }): string {
  return `CREATE INDEX ${index.name} ON ${index.on}`;
}

/**
 * Every edge of the graph: the stored ones (resolved references and file imports) and the
 * nesting (`contains`) edges, which are not stored as rows because each is exactly a node's
 * `parent_id` (on the Linux kernel they were over half of all edges and 7% of the file). Read it
 * where nesting edges are wanted; the stored table alone where they are not.
 */
const GRAPH_EDGES_VIEW = `CREATE VIEW IF NOT EXISTS graph_edges AS
  SELECT source_id, target_id, kind, line, col, confidence, method FROM edges
  UNION ALL
  SELECT parent_id, id, ${EDGE_KINDS.indexOf('contains')}, NULL, NULL, 1.0, NULL FROM nodes WHERE parent_id IS NOT NULL;`;

/** The relation to read edges of `kinds` (all kinds when absent) from: nesting edges are only in the view. */
export function edgeRelation(kinds?: readonly EdgeKind[]): 'graph_edges' | 'edges' {
  return kinds === undefined || kinds.includes('contains') ? 'graph_edges' : 'edges';
}

/**
 * Routers a file mounts under a path prefix (schema 6): the module the file's import at
 * `import_line` names is served under `prefix`. With `type_name` (schema 8), a sub-resource
 * locator instead: the class of that name the method starting at `import_line` refers to is
 * served under `prefix`. Read by the stage that joins prefixes to routes. No index: a project has
 * tens of mounts, and most none.
 */
const ROUTE_MOUNTS = `CREATE TABLE IF NOT EXISTS route_mounts(file_id INTEGER NOT NULL, import_line INTEGER NOT NULL, prefix TEXT NOT NULL, type_name TEXT);`;

/**
 * The ASP.NET controller classes route templates are inherited along (schema 9): the class named
 * `class_name` starting at `line` has the route template `template`; or, with `base`, writes its
 * routes under that base's name in braces and inherits; or, with neither, derives from the
 * framework's controller base and gives none. Read by the stage that joins prefixes to routes,
 * up the `extends` edges from each class with a `base`, a class's row found by its file and line
 * (without the index, 3,000 controllers on one base took 2 s more to join).
 */
const ROUTE_TEMPLATES = `CREATE TABLE IF NOT EXISTS route_templates(file_id INTEGER NOT NULL, line INTEGER NOT NULL, class_name TEXT NOT NULL, template TEXT, base TEXT);`;

/** Explore's stored term index (store/term-tables.ts); empty until a sync writes it. */
const TERM_TABLES = `CREATE TABLE IF NOT EXISTS term_postings(
  term TEXT NOT NULL, field INTEGER NOT NULL, count INTEGER NOT NULL, ids BLOB NOT NULL, PRIMARY KEY(term, field)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS term_base(key TEXT PRIMARY KEY, data BLOB NOT NULL);`;

/**
 * The search index (schema 4): `node_uses` holds, per symbol whose body references anything, the
 * distinct names it uses (space-separated, written once per file); `node_search` is an
 * external-content FTS4 table over nodes and those names with the porter tokenizer, so prose
 * words meet the names that inflect them (`migrations`, `applied` -> `migrat`, `appli`). Names,
 * qualified names and used names also carry their camelCase words.
 */
const SEARCH_DDL = `CREATE TABLE IF NOT EXISTS node_uses(node_id INTEGER PRIMARY KEY, names TEXT NOT NULL);
CREATE VIEW IF NOT EXISTS node_search_src AS
  SELECT n.id AS rowid,
         n.name || ' ' || ${WORDS_FUNCTION}(n.name) AS name,
         ${qualifiedNameOf('n')} || ' ' || ${WORDS_FUNCTION}(${qualifiedNameOf('n')}) AS qualified_name,
         coalesce(n.signature, '') AS signature,
         coalesce(n.docstring, '') AS docstring,
         coalesce(u.names || ' ' || ${WORDS_FUNCTION}(u.names), '') AS uses
  FROM nodes n LEFT JOIN node_uses u ON u.node_id = n.id;
CREATE VIRTUAL TABLE IF NOT EXISTS node_search USING fts4(
  content="node_search_src", name, qualified_name, signature, docstring, uses, tokenize=porter
);`;

/**
 * The words of each symbol's string literals (schema 10): `node_strings` holds them per symbol
 * that has any, and `strings_search` is their external-content FTS4 index with the porter
 * tokenizer. Kept apart from `node_search` so they weigh a symbol's match without changing which
 * symbols the name index finds or how rare a word of the names is.
 */
const STRINGS_DDL = `CREATE TABLE IF NOT EXISTS node_strings(node_id INTEGER PRIMARY KEY, words TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS strings_search USING fts4(content="node_strings", words, tokenize=porter);`;

const DDL = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE files(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  language TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  sha256 BLOB NOT NULL,
  node_count INTEGER NOT NULL,
  parse_errors INTEGER NOT NULL,
  is_test INTEGER NOT NULL,
  package_name TEXT
);

CREATE TABLE nodes(
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  name TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  start_col INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  end_col INTEGER NOT NULL,
  parent_id INTEGER,
  signature TEXT,
  docstring TEXT,
  exported INTEGER NOT NULL,
  arity INTEGER,
  returns TEXT
);

CREATE TABLE edges(
  source_id INTEGER NOT NULL,
  target_id INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  line INTEGER,
  col INTEGER,
  confidence REAL NOT NULL,
  method INTEGER
);

CREATE TABLE refs(
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL,
  from_node_id INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  name TEXT NOT NULL,
  receiver TEXT,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  args INTEGER
);

CREATE TABLE imports(
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL,
  module TEXT NOT NULL,
  names TEXT NOT NULL,
  namespace TEXT,
  reexport INTEGER NOT NULL,
  line INTEGER NOT NULL
);

CREATE TABLE diagnostics(path TEXT NOT NULL, reason TEXT NOT NULL, detail TEXT NOT NULL);

${ROUTE_MOUNTS}

${ROUTE_TEMPLATES}

${TERM_TABLES}

${GRAPH_EDGES_VIEW}

${SEARCH_DDL}

${STRINGS_DDL}
`;

/** The full-text tables: the symbols' names and text (`SEARCH_DDL`), and their string literals' words (`STRINGS_DDL`). */
export const FULL_TEXT_TABLES = ['node_search', 'strings_search'] as const;
export type FullTextTable = (typeof FULL_TEXT_TABLES)[number];

/** The FTS4 columns in order; search weights refer to these positions. */
export const SEARCH_COLUMNS = ['name', 'qualified_name', 'signature', 'docstring', 'uses'] as const;

/** Upgrades a database from version `n` to `n + 1`, keyed by `n`. */
export type Migration = (db: SqliteDb) => void;

/**
 * Version 2 records argument counts (`nodes.arity`, `refs.args`) so calls can pick among
 * overloads. Rows written before it have none; the extraction version changed with it, so the
 * next sync re-extracts every file. Version 3 makes a large index a fifth smaller (the Linux
 * kernel's from 2.05 to 1.65 GB): nesting edges are no longer stored (the `graph_edges` view
 * derives them from `nodes.parent_id`, found through a new index), and two indexes of names go:
 * exact-name lookups use the case-folded index and compare the name after, and the one reader of
 * `refs(name)`, incremental sync asking which files use a changed name, scans the references
 * once in a one-shot run (about 15 ms on django, 110 ms on the JDK) and keeps them in memory in
 * a long-lived session. Version 4 adds explore's stored term index (`term_postings`, `term_base`)
 * so no process rebuilds it from every definition (it stays empty until the next sync writes it,
 * and readers build it in memory meanwhile), and rebuilds the search index with the porter
 * tokenizer and a fifth column, the names each symbol's body uses (`node_uses`, filled from the
 * stored references). Version 5 stores a qualified name equal to the name as '' and indexes only
 * the others (the Linux kernel's index shrinks by about a tenth). Upgrading only replaces the
 * search view, which reads the same text as before, so the full-text index stands: rewriting every
 * row took 11 s per process on the kernel's index, and readers take a stored name in either form.
 * The rows of files synced since are stored compactly; the rest shrink at the next full index.
 * Version 6 adds `route_mounts`, empty until the files are extracted again (the extraction
 * version changed with it). Version 7 records the type each function returns (`nodes.returns`),
 * which types a call on a call's result; rows written before it have none until the files are
 * extracted again (the extraction version changed with it). Version 8 adds `route_mounts.type_name`
 * for sub-resource locators, empty until the files are extracted again (the same). Version 9 adds
 * `route_templates`, empty until the files are extracted again (the same). Version 10 adds
 * `node_strings` and `strings_search`, the words of each symbol's string literals, empty until
 * the files are extracted again (the same).
 */
export const MIGRATIONS: ReadonlyMap<number, Migration> = new Map([
  [1, (db: SqliteDb) => db.exec('ALTER TABLE nodes ADD COLUMN arity INTEGER; ALTER TABLE refs ADD COLUMN args INTEGER')],
  [2, (db: SqliteDb) => db.exec(`DROP INDEX IF EXISTS nodes_name; DROP INDEX IF EXISTS refs_name;
    DELETE FROM edges WHERE kind = ${EDGE_KINDS.indexOf('contains')};
    CREATE INDEX IF NOT EXISTS nodes_parent ON nodes(parent_id);
    ${GRAPH_EDGES_VIEW}`)],
  [3, (db: SqliteDb) => db.exec(`${TERM_TABLES}
    DROP TABLE IF EXISTS node_search; DROP VIEW IF EXISTS node_search_src; DROP TABLE IF EXISTS node_uses;
    ${SEARCH_DDL}
    INSERT INTO node_uses(node_id, names)
      SELECT r.from_node_id, replace(group_concat(DISTINCT r.name), ',', ' ') FROM refs r JOIN nodes n ON n.id = r.from_node_id
      WHERE n.kind <> ${NODE_KINDS.indexOf('file')} GROUP BY r.from_node_id;
    INSERT INTO node_search(node_search) VALUES ('rebuild');`)],
  [4, (db: SqliteDb) => db.exec(`DROP VIEW IF EXISTS node_search_src; ${SEARCH_DDL}`)],
  [5, (db: SqliteDb) => db.exec(ROUTE_MOUNTS)],
  [6, (db: SqliteDb) => addColumn(db, 'nodes', 'returns')],
  [7, (db: SqliteDb) => addColumn(db, 'route_mounts', 'type_name')],
  [8, (db: SqliteDb) => db.exec(`${ROUTE_TEMPLATES}\n${createIndexSql(ROUTE_TEMPLATES_INDEX).replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS')};`)],
  [9, (db: SqliteDb) => db.exec(STRINGS_DDL)],
]);

/** Adds a nullable text column unless the table has it (a table created by a later migration already does). */
function addColumn(db: SqliteDb, table: string, column: string): void {
  const columns = db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`);
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`);
}

/** What `migrate` found and did. Only `created`, `current` and `migrated` leave a usable database. */
export type MigrateResult =
  | { readonly kind: 'created' }
  | { readonly kind: 'current' }
  | { readonly kind: 'migrated'; readonly from: number }
  | { readonly kind: 'rebuild-needed'; readonly found: number | null; readonly message: string }
  | { readonly kind: 'too-new'; readonly found: number; readonly message: string }
  | { readonly kind: 'foreign'; readonly found: null; readonly message: string };

/** Registers the SQL functions the schema's views need; required on every connection. */
export function registerSchemaFunctions(db: SqliteDb): void {
  db.defineFunction(WORDS_FUNCTION, (value) => (typeof value === 'string' ? splitIdentifierWords(value) : ''));
}

const VOCABULARY: Readonly<Record<string, readonly string[]>> = {
  node_kinds: NODE_KINDS,
  edge_kinds: EDGE_KINDS,
  resolution_methods: RESOLUTION_METHODS,
};

/**
 * Whether an existing database is a codegraph-wasm index: it carries our application id, or (an
 * index from before the id) a meta table holding our vocabulary.
 */
export function isOurs(db: SqliteDb, tables: readonly { name: string }[] = db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)): boolean {
  if (Number(db.value('PRAGMA application_id')) === APPLICATION_ID) return true;
  if (!tables.some((t) => t.name === 'meta')) return false;
  return db.value(`SELECT count(*) FROM meta WHERE key IN ('node_kinds', 'edge_kinds')`) === 2;
}

/**
 * Brings an open database to `SCHEMA_VERSION`: creates the schema in an empty database, runs
 * migrations for an older one, and otherwise reports (as a value) that a rebuild or an upgrade of
 * codegraph is needed. Always registers the schema's SQL functions first.
 */
export function migrate(db: SqliteDb, migrations: ReadonlyMap<number, Migration> = MIGRATIONS): MigrateResult {
  registerSchemaFunctions(db);
  const tables = db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`);
  if (tables.length === 0) {
    db.transaction(() => {
      db.exec(DDL);
      for (const index of SECONDARY_INDEXES) db.exec(createIndexSql(index));
      setMetaValue(db, 'schema_version', String(SCHEMA_VERSION));
      writeVocabulary(db);
    });
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    return { kind: 'created' };
  }
  if (!isOurs(db, tables)) {
    return { kind: 'foreign', found: null, message: 'The database was not written by codegraph-wasm.' };
  }
  // Indexes written before the application id existed get it now (saved with the next change).
  if (Number(db.value('PRAGMA application_id')) !== APPLICATION_ID) db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  if (!tables.some((t) => t.name === 'meta')) {
    return {
      kind: 'rebuild-needed',
      found: null,
      message: 'The database is not a codegraph index (no meta table). Run `codegraph index --force` to rebuild it.',
    };
  }
  const found = Number(db.value(`SELECT value FROM meta WHERE key = 'schema_version'`) ?? NaN);
  if (!Number.isInteger(found)) {
    return {
      kind: 'rebuild-needed',
      found: null,
      message: 'The index has no schema version. Run `codegraph index --force` to rebuild it.',
    };
  }
  if (found > SCHEMA_VERSION) {
    return {
      kind: 'too-new',
      found,
      message:
        `The index was written by a newer codegraph (schema ${found}; this build reads schema ${SCHEMA_VERSION}). ` +
        'Upgrade codegraph, or run `codegraph index --force` to rebuild it with this version.',
    };
  }
  let result: MigrateResult = { kind: 'current' };
  if (found < SCHEMA_VERSION) {
    for (let v = found; v < SCHEMA_VERSION; v += 1) {
      if (!migrations.has(v)) {
        return {
          kind: 'rebuild-needed',
          found,
          message:
            `The index uses schema ${found}, which this codegraph (schema ${SCHEMA_VERSION}) cannot upgrade in place. ` +
            'Run `codegraph index --force` to rebuild it.',
        };
      }
    }
    db.transaction(() => {
      for (let v = found; v < SCHEMA_VERSION; v += 1) migrations.get(v)?.(db);
      setMetaValue(db, 'schema_version', String(SCHEMA_VERSION));
    });
    result = { kind: 'migrated', from: found };
  }
  return missingTable(db) ?? checkVocabulary(db) ?? result;
}

/** The tables SQLite keeps behind each FTS4 table (an external-content one has no `_content`). */
const FTS4_SHADOWS = ['segments', 'segdir', 'docsize', 'stat'];

/** Every table and view the current schema creates, read from its DDL, and the full-text tables' shadows. */
export const SCHEMA_TABLES: readonly string[] = [
  ...[...DDL.matchAll(/CREATE (?:VIRTUAL )?(?:TABLE|VIEW) (?:IF NOT EXISTS )?(\w+)/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]])),
  ...FULL_TEXT_TABLES.flatMap((t) => FTS4_SHADOWS.map((shadow) => `${t}_${shadow}`)),
];

/**
 * An index at this schema that lacks one of its tables or views (dropped by hand, a partial
 * copy) cannot answer; it is rebuilt like one from an unknown schema instead of failing each
 * query with SQLite's "no such table".
 */
function missingTable(db: SqliteDb): MigrateResult | undefined {
  const present = new Set(db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type IN ('table', 'view')`).map((t) => t.name));
  const missing = SCHEMA_TABLES.find((name) => !present.has(name));
  if (missing === undefined) return undefined;
  return {
    kind: 'rebuild-needed',
    found: SCHEMA_VERSION,
    message: `The index lacks its table or view ${missing}. Run \`codegraph index --force\` to rebuild it.`,
  };
}

/**
 * Integer codes are indexes into the model's lists, so a list that only grew is compatible (its
 * record is extended), while a reordered or shortened one would misread every stored row.
 */
function checkVocabulary(db: SqliteDb): MigrateResult | undefined {
  for (const [key, current] of Object.entries(VOCABULARY)) {
    const raw = db.value(`SELECT value FROM meta WHERE key = ?`, [key]);
    const stored: unknown = typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const compatible =
      Array.isArray(stored) && stored.length <= current.length && stored.every((v, i) => v === current[i]);
    if (!compatible) {
      return {
        kind: 'rebuild-needed',
        found: SCHEMA_VERSION,
        message: `The index was written with a different list of ${key.replace('_', ' ')}. Run \`codegraph index --force\` to rebuild it.`,
      };
    }
  }
  writeVocabulary(db);
  return undefined;
}

function writeVocabulary(db: SqliteDb): void {
  for (const [key, list] of Object.entries(VOCABULARY)) setMetaValue(db, key, JSON.stringify(list));
}

function setMetaValue(db: SqliteDb, key: string, value: string): void {
  db.run(`INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [key, value]);
}
