/**
 * The saved index (image and change log) under kill -9 at random instants of its saves: a file of
 * its own so that mutation runs of modules that only read the saved index need not repeat it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openSavedDatabase } from '../../src/store/saved-index.js';
import { logVersionSize, versionByte } from './fixtures/versions.js';

describe('the saved index under kill -9', () => {
  // Runs from source under tsx and from the compiled copy under dist/ (how `npm test` runs it).
  const fromSource = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(fromSource ? './fixtures/log-loop.ts' : './fixtures/log-loop.js', import.meta.url));
  const loader = fromSource ? ['--import', 'tsx'] : [];
  const KILLS = 24;

  test(`the index holds a complete version, at least the last one saved, after each of ${KILLS} kills`, { timeout: 240_000 }, async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'codegraph-log-kill-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    let lastVersion = 0;
    const kinds = new Set<string>();
    for (let i = 0; i < KILLS; i += 1) {
      const child = spawn(process.execPath, [...loader, script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = once(child, 'exit');
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      let saved = lastVersion;
      const waitFor = async (prefix: string): Promise<void> => {
        for (;;) {
          const line = await lines.next();
          if (line.done === true) throw new Error('log loop exited early');
          const [word, version, kind] = line.value.split(' ');
          if (word === 'saved') {
            saved = Number(version);
            kinds.add(kind ?? '');
          }
          if (line.value.startsWith(prefix)) return;
        }
      };
      await waitFor('saved');
      if (i % 2 === 0) await waitFor('saving');
      await sleep(Math.random() * (i % 2 === 0 ? 10 : 200));
      child.kill('SIGKILL');
      await exited;
      // Lines printed before the kill were read up to the last awaited one; drain the rest.
      for (;;) {
        const line = await lines.next();
        if (line.done === true) break;
        const [word, version, kind] = line.value.split(' ');
        if (word === 'saved') {
          saved = Number(version);
          kinds.add(kind ?? '');
        }
      }
      const opened = await openSavedDatabase(dir);
      assert.ok(opened !== undefined);
      try {
        assert.equal(opened.db.value('PRAGMA integrity_check'), 'ok');
        const version = Number(opened.db.value(`SELECT value FROM meta WHERE key = 'version'`));
        const blob = opened.db.value('SELECT data FROM payload');
        assert.ok(blob instanceof Uint8Array, `version ${version} has its payload`);
        assert.equal(blob.length, logVersionSize(version));
        assert.ok(blob.every((b) => b === versionByte(version)), `version ${version} is complete`);
        assert.ok(version >= saved, `version ${version} holds the last save reported (${saved})`);
        lastVersion = version;
      } finally {
        opened.db.close();
      }
    }
    assert.deepEqual([...kinds].sort(), ['changes', 'image'], 'both kinds of save were killed around');
    t.diagnostic(`last version ${lastVersion}`);
  });
});
