import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Installation, installationStamp } from '../../src/daemon/installation.js';

/** A folder holding `main.js` with `text`, its times set to `seconds` when given. */
function install(folder: string, text: string, seconds?: number): string {
  mkdirSync(folder, { recursive: true });
  const entry = join(folder, 'main.js');
  writeFileSync(entry, text);
  if (seconds !== undefined) utimesSync(entry, seconds, seconds);
  return entry;
}

test('an installation left alone is unchanged, however often it is asked', () => {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-install-'));
  try {
    const entry = install(join(root, 'bundle'), 'one');
    const installation = new Installation(entry);
    assert.equal(installation.changed(), undefined);
    assert.equal(installation.changed(), undefined);
    assert.equal(installationStamp(entry), installationStamp(entry));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an entry script rewritten in place is a changed installation', () => {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-install-'));
  try {
    const entry = install(join(root, 'bundle'), 'one', 1_000);
    const installation = new Installation(entry);
    install(join(root, 'bundle'), 'two', 2_000);
    assert.equal(installation.changed(), `the installation it runs from changed on disk (${entry})`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a bundle folder removed and written again with the same file, size and modification time is a changed installation', () => {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-install-'));
  try {
    const entry = install(join(root, 'bundle'), 'same', 1_000);
    const installation = new Installation(entry);
    const before = statSync(entry);
    rmSync(join(root, 'bundle'), { recursive: true });
    install(join(root, 'bundle'), 'same', 1_000);
    assert.equal(statSync(entry).mtimeMs, before.mtimeMs);
    assert.match(installation.changed() ?? '', /^the installation it runs from changed on disk/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an entry script removed (an npx cache cleared) is an installation removed, said with its path', () => {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-install-'));
  try {
    const entry = install(join(root, 'bundle'), 'one');
    const installation = new Installation(entry);
    rmSync(join(root, 'bundle'), { recursive: true });
    assert.equal(installation.changed(), `the installation it runs from was removed (${entry})`);
    assert.equal(installationStamp(entry), 'missing');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an entry that could not be read at the start is never reported as changed while it stays so', () => {
  const installation = new Installation(join(tmpdir(), 'codegraph-no-such-folder', 'main.js'));
  assert.equal(installation.changed(), undefined);
});
