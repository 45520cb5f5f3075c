import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { chooseLaunch, NPX_LAUNCH, PATH_LAUNCH, shellLine } from '../src/launch.js';

const top = mkdtempSync(join(tmpdir(), 'codegraph-self-'));
after(() => rmSync(top, { recursive: true, force: true }));
const script = join(top, 'pkg', 'dist', 'bundle', 'main.js');
mkdirSync(join(top, 'pkg', 'dist', 'bundle'), { recursive: true });
writeFileSync(script, '#!/usr/bin/env node\n');
chmodSync(script, 0o755);
/** A bin folder whose codegraph links to this installation's script (a global install, npm link). */
const ours = join(top, 'ours');
mkdirSync(ours);
symlinkSync(script, join(ours, 'codegraph'));
/** A bin folder whose codegraph is another program. */
const theirs = join(top, 'theirs');
mkdirSync(theirs);
writeFileSync(join(theirs, 'codegraph'), '#!/bin/sh\necho other\n');
chmodSync(join(theirs, 'codegraph'), 0o755);
const empty = join(top, 'empty');
mkdirSync(empty);
const NODE = '/opt/node/bin/node';

test('codegraph on PATH that is this very file: the short command', () => {
  assert.deepEqual(chooseLaunch({ env: { PATH: ours }, script, platform: 'linux', execPath: NODE }), { launch: PATH_LAUNCH, via: 'path' });
});

test('codegraph nowhere on PATH: this Node and the absolute script', () => {
  assert.deepEqual(chooseLaunch({ env: { PATH: empty }, script, platform: 'linux', execPath: NODE }), { launch: { command: NODE, args: [script] }, via: 'absolute' });
});

test('another codegraph first on PATH: the absolute form, naming the other one', () => {
  assert.deepEqual(chooseLaunch({ env: { PATH: `${theirs}:${ours}` }, script, platform: 'linux', execPath: NODE }), {
    launch: { command: NODE, args: [script] },
    via: 'absolute',
    otherOnPath: join(theirs, 'codegraph'),
  });
  // Ours first: the short name runs this installation.
  assert.equal(chooseLaunch({ env: { PATH: `${ours}:${theirs}` }, script, platform: 'linux', execPath: NODE }).via, 'path');
});

test('a run through npx writes the npx form, whatever PATH holds', () => {
  assert.deepEqual(chooseLaunch({ env: { PATH: ours, npm_command: 'exec' }, script, platform: 'linux', execPath: NODE }).launch, NPX_LAUNCH);
  const cached = '/home/u/.npm/_npx/1a2b/node_modules/codegraph-wasm/dist/bundle/main.js';
  assert.deepEqual(chooseLaunch({ env: { PATH: empty }, script: cached, platform: 'linux', execPath: NODE }), { launch: NPX_LAUNCH, via: 'npx' });
  assert.equal(chooseLaunch({ env: { PATH: theirs, npm_command: 'exec' }, script, platform: 'linux', execPath: NODE }).otherOnPath, join(theirs, 'codegraph'));
});

test('shellLine quotes only the words a shell would split or expand', () => {
  assert.equal(shellLine(PATH_LAUNCH, ['serve', '--mcp']), 'codegraph serve --mcp');
  assert.equal(shellLine({ command: '/opt/my node/node', args: ['/a/main.js'] }, ['init', '/x/$HOME/"q"']), '"/opt/my node/node" /a/main.js init "/x/\\$HOME/\\"q\\""');
  assert.equal(shellLine(NPX_LAUNCH, ['prompt-hook']), 'npx -y codegraph-wasm prompt-hook');
});
