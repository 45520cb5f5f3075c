import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DATABASE_FILE } from '../../src/store/layout.js';
import { cleanStaleTempFiles, hasChanged, loadDatabase, readDatabaseFile, saveDatabase } from '../../src/store/persist.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { versionByte, versionSize } from './fixtures/versions.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'codegraph-persist-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function databaseBytes(value: string): Promise<Uint8Array> {
  const db = await SqliteDb.open();
  try {
    db.exec('CREATE TABLE t(v TEXT)');
    db.run('INSERT INTO t VALUES (?)', [value]);
    return db.export();
  } finally {
    db.close();
  }
}

/** A pid that certainly exited: a child that ran and was awaited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  assert.ok(child.pid !== undefined);
  return child.pid;
}

describe('saveDatabase and loadDatabase', () => {
  test('loadDatabase returns undefined when nothing was saved', async () => {
    assert.equal(await loadDatabase(dir), undefined);
  });

  test('a saved database loads back byte for byte', async () => {
    const bytes = await databaseBytes('one');
    await saveDatabase(dir, bytes);
    assert.deepEqual((await loadDatabase(dir))?.bytes, bytes);
  });

  test('a database of several read slices, not a multiple of their size, loads back byte for byte', async () => {
    for (const size of [1, 64 * 1024 - 1, 64 * 1024 * 4 + 17, 3_000_001]) {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 2_654_435_761) >>> 24;
      await saveDatabase(dir, bytes);
      const loaded = await readDatabaseFile(dir);
      assert.equal(loaded?.bytes.length, size);
      assert.ok(Buffer.from(bytes).equals(Buffer.from(loaded!.bytes)), `size ${size}`);
    }
  });

  test('saveDatabase fails on a missing directory instead of making it (a deleted index stays deleted)', async () => {
    const nested = join(dir, 'a', '.codegraph');
    await assert.rejects(saveDatabase(nested, await databaseBytes('one')), (error: NodeJS.ErrnoException) => error.code === 'ENOENT');
    assert.equal(existsSync(join(dir, 'a')), false);
  });

  test('saveDatabase leaves no temp file behind', async () => {
    await saveDatabase(dir, await databaseBytes('one'));
    assert.deepEqual(await readdir(dir), [DATABASE_FILE]);
  });

  test('hasChanged is false for the stamp of the current file', async () => {
    const stamp = await saveDatabase(dir, await databaseBytes('one'));
    assert.equal(await hasChanged(stamp), false);
  });

  test('hasChanged is true once another version replaced the file', async () => {
    await saveDatabase(dir, await databaseBytes('one'));
    const loaded = await loadDatabase(dir);
    await saveDatabase(dir, await databaseBytes('two'));
    assert.equal(await hasChanged(loaded!.stamp), true);
  });

  test('hasChanged is true when the file was deleted', async () => {
    const stamp = await saveDatabase(dir, await databaseBytes('one'));
    await rm(stamp.path);
    assert.equal(await hasChanged(stamp), true);
  });

  test('temp files of dead writers are removed on the next save', async () => {
    const stale = `${DATABASE_FILE}.tmp-${await deadPid()}-abcdef`;
    await writeFile(join(dir, stale), 'torn');
    await saveDatabase(dir, await databaseBytes('one'));
    assert.deepEqual(await readdir(dir), [DATABASE_FILE]);
  });

  test('temp files of live writers are kept', async () => {
    const live = `${DATABASE_FILE}.tmp-${process.ppid}-abcdef`;
    await writeFile(join(dir, live), 'in progress');
    assert.equal(await cleanStaleTempFiles(dir), 0);
  });
});

describe('saveDatabase under kill -9', () => {
  // Runs from source under tsx and from the compiled copy under dist/ (how `npm test` runs it).
  const fromSource = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(fromSource ? './fixtures/save-loop.ts' : './fixtures/save-loop.js', import.meta.url));
  const loader = fromSource ? ['--import', 'tsx'] : [];
  const KILLS = 32;

  /** Opens what is on disk and returns its version, or undefined when there is no file yet. */
  async function checkOnDisk(): Promise<number | undefined> {
    const loaded = await loadDatabase(dir);
    if (loaded === undefined) return undefined;
    const db = await SqliteDb.open(loaded.bytes);
    try {
      assert.equal(db.value('PRAGMA integrity_check'), 'ok');
      const version = Number(db.value('SELECT version FROM meta'));
      const blob = db.value('SELECT data FROM payload');
      assert.ok(blob instanceof Uint8Array, `version ${version} has its payload`);
      assert.equal(blob.length, versionSize(version));
      assert.ok(blob.every((b) => b === versionByte(version)), `version ${version} is complete`);
      return version;
    } finally {
      db.close();
    }
  }

  test(`the database is absent or a complete version after each of ${KILLS} kills`, { timeout: 240_000 }, async (t) => {
    let lastVersion = 0;
    let tornTemps = 0;
    for (let i = 0; i < KILLS; i += 1) {
      const child = spawn(process.execPath, [...loader, script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = once(child, 'exit');
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const waitFor = async (prefix: string): Promise<void> => {
        for (;;) {
          const line = await lines.next();
          if (line.done === true) throw new Error('save loop exited early');
          if (line.value.startsWith(prefix)) return;
        }
      };
      // After a first complete save, odd rounds kill at any moment; even rounds aim inside a
      // save (write, fsync, rename), which lasts only tens of milliseconds.
      await waitFor('saved');
      if (i % 2 === 0) await waitFor('saving');
      await sleep(Math.random() * (i % 2 === 0 ? 40 : 400));
      child.kill('SIGKILL');
      await exited;
      tornTemps += (await readdir(dir)).filter((n) => n.includes('.tmp-')).length;
      const version = await checkOnDisk();
      assert.ok(version !== undefined && version > lastVersion, `version ${version} follows ${lastVersion}`);
      lastVersion = version;
    }
    t.diagnostic(`last version ${lastVersion}; temp files left by kills mid-save: ${tornTemps}`);
    await cleanStaleTempFiles(dir);
    assert.deepEqual(await readdir(dir), [DATABASE_FILE]);
  });
});

describe('the image in place of the open database', () => {
  test('loading gives the room asked for after the image, zeroed, and the image itself as bytes', async () => {
    const image = await databaseBytes('kept');
    await saveDatabase(dir, image);
    const loaded = await loadDatabase(dir, (size) => size + 10);
    assert.ok(loaded !== undefined);
    assert.deepEqual([loaded.bytes.length, loaded.buffer.length], [image.length, 2 * image.length + 10]);
    assert.deepEqual(Buffer.from(loaded.bytes), Buffer.from(image));
    assert.ok(loaded.buffer.subarray(image.length).every((b) => b === 0));
    assert.equal(loaded.bytes.buffer, loaded.buffer.buffer, 'one allocation');
    const plain = await loadDatabase(dir);
    assert.equal(plain?.buffer.length, image.length);
    // More room than a buffer may hold: the image is read without room.
    const roomless = await loadDatabase(dir, () => 2 ** 34);
    assert.deepEqual([roomless?.bytes.length, roomless?.buffer.length], [image.length, image.length]);
  });

  test('a save whose bytes were committed to while they were written is refused, and the file stays as it was', async () => {
    const first = await databaseBytes('first');
    await saveDatabase(dir, first);
    const live = await databaseBytes('second');
    const saving = saveDatabase(dir, live);
    // A commit bumps the file change counter of the live bytes.
    live[27] = (live[27]! + 1) & 0xff;
    await assert.rejects(saving, /changed while its image was written/);
    const loaded = await loadDatabase(dir);
    assert.deepEqual(Buffer.from(loaded!.bytes), Buffer.from(first));
    assert.deepEqual((await readdir(dir)).sort(), [DATABASE_FILE], 'no temp file left');
  });
});
