/** Another code-graph tool's `.codegraph/codegraph.db`, as tests of the index owner check need it. */
import { SqliteDb } from '../../src/store/sqlite.js';

/** A database of another tool: tables of its own, a meta table without our vocabulary, `applicationId` of its own (0: none). */
export async function foreignDatabaseBytes(applicationId = 0): Promise<Uint8Array> {
  const db = await SqliteDb.open();
  try {
    db.exec('CREATE TABLE nodes (id INTEGER); CREATE TABLE unresolved_refs (id INTEGER); CREATE TABLE meta (key TEXT, value TEXT)');
    db.exec(`INSERT INTO meta VALUES ('schema_version', '3'); PRAGMA application_id = ${applicationId}`);
    return db.export();
  } finally {
    db.close();
  }
}
