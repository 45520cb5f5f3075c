/**
 * Whose database `.codegraph/codegraph.db` is, before anything overwrites it: ours (our
 * application id in the header, or an older index of ours), another tool's, or none at all.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { DATABASE_FILE } from './layout.js';
import { readDatabaseFile } from './persist.js';
import { APPLICATION_ID, isOurs } from './schema.js';
import { SqliteDb } from './sqlite.js';

/** The owner of an index folder's database. */
export type IndexOwner = 'none' | 'ours' | 'foreign';

/** The SQLite header's first bytes, and where the application id sits in it (big-endian). */
const SQLITE_MAGIC = 'SQLite format 3\0';
const APPLICATION_ID_OFFSET = 68;

/**
 * Reads the header only when it settles the question (our id, or a file that is not a database,
 * which the damaged-index path handles); an id of 0 (an older index of ours, or another tool's)
 * opens the database to look for our vocabulary.
 */
export async function indexOwner(dir: string): Promise<IndexOwner> {
  const header = await readHeader(join(dir, DATABASE_FILE));
  if (header === undefined || header.length < 100 || header.subarray(0, 16).toString('latin1') !== SQLITE_MAGIC) return 'none';
  const id = header.readUInt32BE(APPLICATION_ID_OFFSET);
  if (id === APPLICATION_ID) return 'ours';
  if (id !== 0) return 'foreign';
  const loaded = await readDatabaseFile(dir);
  if (loaded === undefined) return 'none';
  let db: SqliteDb | undefined;
  try {
    db = await SqliteDb.open(loaded.bytes, { adopt: true });
    return isOurs(db) ? 'ours' : 'foreign';
  } catch {
    // Damage is reported by the normal open, with its own message.
    return 'none';
  } finally {
    db?.close();
  }
}

async function readHeader(path: string): Promise<Buffer | undefined> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(100);
    const { bytesRead } = await handle.read(buffer, 0, 100, 0);
    return buffer.subarray(0, bytesRead);
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
