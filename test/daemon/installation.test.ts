import assert from 'node:assert/strict';
import { linkSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Installation } from '../../src/daemon/installation.js';

/** A folder holding `main.js` with `text`, its times set to `seconds` when given. */
function install(folder: string, text: string, seconds?: number): string {
  mkdirSync(folder, { recursive: true });
  const entry = join(folder, 'main.js');
  writeFileSync(entry, text);
  if (seconds !== undefined) utimesSync(entry, seconds, seconds);
  return entry;
}

/** A bundle written to a folder beside `bundle` and renamed into its place, as a package manager does. */
function reinstall(root: string, text: string, seconds?: number): void {
  install(join(root, 'next'), text, seconds);
  rmSync(join(root, 'bundle'), { recursive: true, force: true });
  renameSync(join(root, 'next'), join(root, 'bundle'));
}

function inTemp(fn: (root: string) => void): void {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-install-'));
  try {
    fn(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('an installation left alone is unchanged, however often it is asked', () => {
  inTemp((root) => {
    const installation = new Installation(install(join(root, 'bundle'), 'one'));
    assert.equal(installation.changed(), undefined);
    assert.equal(installation.changed(), undefined);
  });
});

test('an entry script rewritten in place with other code is a changed installation, even with the same size and times', () => {
  inTemp((root) => {
    const entry = install(join(root, 'bundle'), 'one', 1_000);
    const installation = new Installation(entry);
    install(join(root, 'bundle'), 'two', 1_000);
    assert.equal(statSync(entry).size, 3);
    assert.equal(installation.changed(), `the installation it runs from changed on disk (${entry})`);
    // It stays changed: the start's code is what it is compared with.
    assert.match(installation.changed() ?? '', /changed on disk/);
  });
});

test('a bundle installed anew with other code is a changed installation', () => {
  inTemp((root) => {
    const entry = install(join(root, 'bundle'), 'import "./chunk-AAAA.js";', 1_000);
    const installation = new Installation(entry);
    reinstall(root, 'import "./chunk-BBBB.js";', 1_000);
    assert.equal(installation.changed(), `the installation it runs from changed on disk (${entry})`);
  });
});

test('the same code under a new inode, times or link count is the same installation', () => {
  inTemp((root) => {
    const entry = install(join(root, 'bundle'), 'same', 1_000);
    const installation = new Installation(entry);
    // Another hard link (pnpm's store links one file into each project) changes the file's change time.
    linkSync(entry, join(root, 'linked.js'));
    assert.equal(installation.changed(), undefined);
    utimesSync(entry, 2_000, 2_000);
    assert.equal(installation.changed(), undefined);
    reinstall(root, 'same');
    assert.equal(installation.changed(), undefined);
  });
});

test('an entry script removed (an npx cache cleared) is an installation removed, said with its path', () => {
  inTemp((root) => {
    const entry = install(join(root, 'bundle'), 'one');
    const installation = new Installation(entry);
    rmSync(join(root, 'bundle'), { recursive: true });
    assert.equal(installation.changed(), `the installation it runs from was removed (${entry})`);
  });
});

test('an entry that could not be read at the start is never reported changed', () => {
  inTemp((root) => {
    const entry = join(root, 'bundle', 'main.js');
    const installation = new Installation(entry);
    install(join(root, 'bundle'), 'later');
    assert.equal(installation.changed(), undefined);
  });
});
