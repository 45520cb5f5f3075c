import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { appendChangeRecord, checkChangeLogPlace, logHasChanged, openChangeLog, removeChangeLog } from '../../src/store/change-log-file.js';
import { CHANGE_LOG_FILE } from '../../src/store/layout.js';

const root = mkdtempSync(join(tmpdir(), 'codegraph-log-file-'));
after(() => rmSync(root, { recursive: true, force: true }));
let next = 0;

/** A fresh index folder, and a plain file standing where a folder should be. */
function folders(): { dir: string; log: string; notDir: string } {
  const dir = join(root, `d${next++}`);
  mkdirSync(dir);
  const notDir = join(dir, 'a-file');
  writeFileSync(notDir, 'x');
  return { dir, log: join(dir, CHANGE_LOG_FILE), notDir };
}

test('an append cuts a longer tail back to where the sound records end, then writes the record there', async () => {
  const { dir, log } = folders();
  writeFileSync(log, Buffer.concat([Buffer.from('sound'), Buffer.alloc(100, 7)]));
  const stamp = await appendChangeRecord(dir, 5, Buffer.from('record'));
  assert.equal(readFileSync(log, 'utf8'), 'soundrecord');
  assert.equal(stamp.validBytes, 11);
  assert.equal(stamp.size, 11);
});

test('an append to a log shorter than this writer left it refuses and leaves the file as it is', async () => {
  const { dir, log } = folders();
  writeFileSync(log, 'abc');
  await assert.rejects(appendChangeRecord(dir, 10, Buffer.from('record')), /shorter than this writer left it; it was changed by another process/);
  assert.equal(readFileSync(log, 'utf8'), 'abc');
});

test('errors other than a missing log or a link in its place are not taken for "no log"', async () => {
  const { dir, notDir } = folders();
  await assert.rejects(openChangeLog(notDir), { code: 'ENOTDIR' });
  await assert.rejects(checkChangeLogPlace(notDir), { code: 'ENOTDIR' });
  await assert.rejects(removeChangeLog(notDir), { code: 'ENOTDIR' });
  assert.throws(() => logHasChanged(notDir, undefined), { code: 'ENOTDIR' });
  // A folder where the log goes cannot be unlinked: said, not ignored.
  mkdirSync(join(dir, CHANGE_LOG_FILE));
  await assert.rejects(removeChangeLog(dir), (error: NodeJS.ErrnoException) => error.code === 'EISDIR' || error.code === 'EPERM');
  await removeChangeLog(folders().dir);
});

test('a log is changed when it appeared, vanished, or differs from its stamp in size, time or identity alone', () => {
  const { dir, log } = folders();
  assert.equal(logHasChanged(dir, undefined), false, 'no log, none expected');
  writeFileSync(log, 'abcd');
  const time = new Date('2026-01-02T03:04:05Z');
  utimesSync(log, time, time);
  const info = statSync(log);
  const stamp = { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino };
  assert.equal(logHasChanged(dir, undefined), true, 'a log appeared');
  assert.equal(logHasChanged(dir, stamp), false);
  assert.equal(logHasChanged(dir, { ...stamp, size: stamp.size + 1 }), true, 'size');
  assert.equal(logHasChanged(dir, { ...stamp, mtimeMs: stamp.mtimeMs + 1 }), true, 'time');
  // The same bytes and time in another file: only its identity differs.
  copyFileSync(log, `${log}.copy`);
  utimesSync(`${log}.copy`, time, time);
  renameSync(`${log}.copy`, log);
  const moved = statSync(log);
  assert.deepEqual([moved.size, moved.mtimeMs], [stamp.size, stamp.mtimeMs]);
  assert.notEqual(moved.ino, stamp.ino);
  assert.equal(logHasChanged(dir, stamp), true, 'identity');
  rmSync(log);
  assert.equal(logHasChanged(dir, stamp), true, 'the log vanished');
});

test('appends leave no file open behind them, and neither does a refused one (a daemon appends for as long as it runs)', async (t) => {
  if (process.platform !== 'linux') {
    t.skip('reads /proc/self/fd');
    return;
  }
  const { dir, log } = folders();
  const openLogs = () => readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === log;
    } catch {
      return false;
    }
  }).length;
  let valid = 0;
  for (let i = 0; i < 20; i++) valid = (await appendChangeRecord(dir, valid, Buffer.from(`record ${i};`))).validBytes;
  await assert.rejects(appendChangeRecord(dir, valid + 100, Buffer.from('refused')));
  assert.equal(openLogs(), 0);
  assert.equal(statSync(log).size, valid);
});
