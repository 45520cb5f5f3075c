/**
 * The row changes a writer makes between two saves, so that a save writes what changed rather
 * than the whole database image, and a load replays those changes onto the saved image.
 *
 * Capture: every ordinary table (the full-text index's shadow tables too) gets three TEMP
 * triggers, which are never part of the saved image. An insert records the new row as SQL
 * literals (`quote()`: exact for 64-bit integers, reals, text and blobs), a delete records the
 * row's key (its rowid, or its primary key in a WITHOUT ROWID table), an update records both.
 * The records go to a TEMP table and take part in transactions: a rolled-back write leaves none.
 *
 * Replay: a save nets its changes to one per row (the last), so each record's deletes can go
 * first, by key, and its writes after, as `INSERT OR REPLACE` at the key, which also removes a
 * row that a REPLACE removed without firing a trigger. Every change is checked first (a known
 * table, literals only, the table's column count), so a damaged or hostile log can fail a
 * replay but never run other SQL.
 */
import type { RowChange } from './change-record.js';
import { CorruptIndexError } from './errors.js';
import type { SqliteDb } from './sqlite.js';

const CHANGES_TABLE = 'temp.codegraph_changes';

interface LoggedTable {
  readonly name: string;
  readonly columns: readonly string[];
  /** Primary key columns of a WITHOUT ROWID table; undefined for a rowid table. */
  readonly primaryKey: readonly string[] | undefined;
}

/** The tables whose rows are logged: every table of the main schema but virtual and internal ones. */
function loggedTables(db: SqliteDb): LoggedTable[] {
  // SQLite says which tables have no rowid (`wr`), however their statements are written.
  const tables = db.all<{ name: string; wr: number }>(
    `SELECT m.name, t.wr FROM main.sqlite_master m JOIN pragma_table_list t ON t.schema = 'main' AND t.name = m.name
     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY m.name`,
  );
  return tables.map(({ name, wr }) => {
    const info = db.all<{ name: string; pk: number }>(`SELECT name, pk FROM pragma_table_info(?) ORDER BY cid`, [name]);
    const primaryKey = wr === 1 ? info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name) : undefined;
    return { name, columns: info.map((c) => c.name), primaryKey };
  });
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const text = (value: string): string => `'${value.replaceAll("'", "''")}'`;

function keyOf(table: LoggedTable, row: 'NEW' | 'OLD'): string {
  if (table.primaryKey === undefined) return `${row}.rowid`;
  return table.primaryKey.map((c) => `quote(${row}.${ident(c)})`).join(` || ',' || `);
}

function valuesOf(table: LoggedTable, row: 'NEW'): string {
  return table.columns.map((c) => `quote(${row}.${ident(c)})`).join(` || ',' || `);
}

/**
 * Starts recording the changes made to `db` (again after a reopen; a no-op when recording). Call
 * it after any schema change: tables made later are not recorded.
 */
export function captureChanges(db: SqliteDb): void {
  if (isCapturing(db)) return;
  const statements = [`CREATE TEMP TABLE IF NOT EXISTS codegraph_changes(seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, op TEXT NOT NULL, k TEXT NOT NULL, v TEXT)`];
  for (const [i, table] of loggedTables(db).entries()) {
    const into = `INSERT INTO ${CHANGES_TABLE}(tbl, op, k, v) VALUES (${text(table.name)}`;
    const put = `${into}, 'I', ${keyOf(table, 'NEW')}, ${valuesOf(table, 'NEW')});`;
    const drop = `${into}, 'D', ${keyOf(table, 'OLD')}, NULL);`;
    const on = `ON main.${ident(table.name)} BEGIN`;
    statements.push(
      `CREATE TEMP TRIGGER IF NOT EXISTS codegraph_changes_${i}_i AFTER INSERT ${on} ${put} END`,
      `CREATE TEMP TRIGGER IF NOT EXISTS codegraph_changes_${i}_d AFTER DELETE ${on} ${drop} END`,
      `CREATE TEMP TRIGGER IF NOT EXISTS codegraph_changes_${i}_u AFTER UPDATE ${on} ${drop} ${put} END`,
    );
  }
  db.exec(statements.join(';\n'));
}

/** True while `db` records its changes. */
export function isCapturing(db: SqliteDb): boolean {
  return db.value(`SELECT count(*) FROM temp.sqlite_master WHERE name = 'codegraph_changes'`) === 1;
}

/** Stops recording and forgets what was recorded (before a schema change, or when saving whole). */
export function stopCapture(db: SqliteDb): void {
  const triggers = db.all<{ name: string }>(`SELECT name FROM temp.sqlite_master WHERE type = 'trigger' AND name LIKE 'codegraph\\_changes\\_%' ESCAPE '\\'`);
  db.exec([...triggers.map((t) => `DROP TRIGGER temp.${ident(t.name)}`), `DROP TABLE IF EXISTS ${CHANGES_TABLE}`].join(';\n'));
}

/**
 * The changes recorded, netted to the last change of each row (a row written three times in a
 * sync is saved once; the full-text index rewrites its segment rows many times in one sync), in
 * the order of those last changes, and the sequence number to forget them up to.
 */
export function recordedChanges(db: SqliteDb): { changes: RowChange[]; through: number } {
  const changes: RowChange[] = [];
  db.each(
    `SELECT tbl, op, k, v FROM ${CHANGES_TABLE} WHERE seq IN (SELECT max(seq) FROM ${CHANGES_TABLE} GROUP BY tbl, k) ORDER BY seq`,
    [],
    (row) => void changes.push(row as unknown as RowChange),
  );
  const through = Number(db.value(`SELECT coalesce(max(seq), 0) FROM ${CHANGES_TABLE}`) ?? 0);
  return { changes, through };
}

/** The size in bytes of what is recorded so far, roughly as a log record would hold it. */
export function recordedBytes(db: SqliteDb): number {
  return Number(db.value(`SELECT coalesce(sum(length(tbl) + length(k) + coalesce(length(v), 0) + 16), 0) FROM ${CHANGES_TABLE}`) ?? 0);
}

/** Forgets the changes recorded up to sequence number `through` (they are saved). */
export function forgetChanges(db: SqliteDb, through: number): void {
  db.run(`DELETE FROM ${CHANGES_TABLE} WHERE seq <= ?`, [through]);
}

/**
 * Applies each record's changes to `db`, each record in one transaction, and returns how many
 * records were applied: replay stops at the first record that does not fit the database (left
 * as it was before that record), so the caller keeps an older but whole state.
 *
 * A record holds at most one change per row (recordedChanges nets them), so its deletes can go
 * first and its writes after, each table's in a few statements of many rows: one statement per
 * row spent most of a replay preparing statements.
 */
export function replayChanges(db: SqliteDb, records: readonly { readonly changes: readonly RowChange[] }[]): number {
  const tables = new Map(loggedTables(db).map((t) => [t.name, t]));
  let applied = 0;
  for (const { changes } of records) {
    const statements = replayStatements(tables, changes);
    if (statements === undefined) break;
    try {
      db.transaction(() => {
        for (const sql of statements) db.run(sql);
      });
    } catch (error) {
      if (error instanceof CorruptIndexError) throw error;
      break;
    }
    applied += 1;
  }
  return applied;
}

/** Rows per replay statement, and the most text one gathers before it is cut. Set by hand. */
export const REPLAY_BATCH_ROWS = 512;
export const REPLAY_BATCH_CHARS = 1 << 20;

/**
 * The statements that apply `changes`, or undefined when one does not fit the tables: a table
 * the database lacks, a key or row that is not the right number of `quote()` literals, a rowid
 * that is not an integer.
 */
function replayStatements(tables: ReadonlyMap<string, LoggedTable>, changes: readonly RowChange[]): string[] | undefined {
  const deletes = new Map<LoggedTable, string[]>();
  const writes = new Map<LoggedTable, string[]>();
  for (const [name, op, key, values] of changes) {
    const table = tables.get(name);
    if (table === undefined) return undefined;
    const keyWidth = table.primaryKey?.length ?? 1;
    if (literalCount(key) !== keyWidth || (table.primaryKey === undefined && !/^-?\d+$/.test(key))) return undefined;
    if (op === 'D') {
      push(deletes, table, `(${key})`);
      continue;
    }
    if (values === null || literalCount(values) !== table.columns.length) return undefined;
    push(writes, table, table.primaryKey === undefined ? `(${key},${values})` : `(${values})`);
  }
  const statements: string[] = [];
  for (const [table, keys] of deletes) {
    const keyColumns = (table.primaryKey ?? ['rowid']).map(ident).join(', ');
    for (const batch of replayBatches(keys)) statements.push(`DELETE FROM main.${ident(table.name)} WHERE (${keyColumns}) IN (VALUES ${batch})`);
  }
  for (const [table, rows] of writes) {
    const columns = [...(table.primaryKey === undefined ? ['rowid'] : []), ...table.columns.map(ident)].join(', ');
    for (const batch of replayBatches(rows)) statements.push(`INSERT OR REPLACE INTO main.${ident(table.name)}(${columns}) VALUES ${batch}`);
  }
  return statements;
}

function push(map: Map<LoggedTable, string[]>, table: LoggedTable, item: string): void {
  const list = map.get(table);
  if (list === undefined) map.set(table, [item]);
  else list.push(item);
}

/** `items` joined by commas into groups of at most REPLAY_BATCH_ROWS and about REPLAY_BATCH_CHARS. */
export function* replayBatches(items: readonly string[]): Generator<string> {
  let start = 0;
  let chars = 0;
  for (let i = 0; i < items.length; i++) {
    chars += items[i]!.length + 1;
    if (i + 1 - start >= REPLAY_BATCH_ROWS || chars >= REPLAY_BATCH_CHARS || i === items.length - 1) {
      yield items.slice(start, i + 1).join(',');
      start = i + 1;
      chars = 0;
    }
  }
}

/**
 * How many literals `list` holds when it is a comma-separated list of what `quote()` writes
 * (NULL, a number, a string, a blob) and nothing else; undefined otherwise.
 */
export function literalCount(list: string): number | undefined {
  let count = 0;
  let at = 0;
  const n = list.length;
  for (;;) {
    if (list.startsWith('NULL', at)) {
      at += 4;
    } else if (list[at] === "'") {
      at += 1;
      for (;;) {
        const quote = list.indexOf("'", at);
        if (quote < 0) return undefined;
        at = quote + 1;
        if (list[at] !== "'") break;
        at += 1;
      }
    } else if (list[at] === 'X' && list[at + 1] === "'") {
      const end = list.indexOf("'", at + 2);
      if (end < 0 || !/^(?:[0-9A-F]{2})*$/.test(list.slice(at + 2, end))) return undefined;
      at = end + 1;
    } else {
      const number = /-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/y;
      number.lastIndex = at;
      if (!number.test(list)) return undefined;
      at = number.lastIndex;
    }
    count += 1;
    if (at === n) return count;
    if (list[at] !== ',') return undefined;
    at += 1;
  }
}

/** The meta key naming the generation of a saved image, which change log records must carry. */
export const IMAGE_GENERATION_KEY = 'image_generation';

/** The generation `db` was saved whole at, or undefined (saved by a tool without change logs). */
export function imageGeneration(db: SqliteDb): string | undefined {
  try {
    const value = db.value(`SELECT value FROM main.meta WHERE key = ?`, [IMAGE_GENERATION_KEY]);
    return typeof value === 'string' ? value : undefined;
  } catch {
    // No meta table: not an image of ours, nothing can apply to it.
    return undefined;
  }
}

/** Names a new generation in `db`, before it is saved whole (with capture stopped: it is no change to log). */
export function startImageGeneration(db: SqliteDb, generation: string): void {
  db.run(`INSERT INTO main.meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [IMAGE_GENERATION_KEY, generation]);
}
