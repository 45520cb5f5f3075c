import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { launchCommand, NPX_COMMAND, PATH_COMMAND } from '../../../src/cli/install/launch-command.js';

const bin = mkdtempSync(join(tmpdir(), 'codegraph-bin-'));
writeFileSync(join(bin, 'codegraph'), '#!/bin/sh\n');
chmodSync(join(bin, 'codegraph'), 0o755);
after(() => rmSync(bin, { recursive: true, force: true }));

test('launchCommand uses codegraph when it is on PATH', () => {
  assert.deepEqual(launchCommand({ env: { PATH: bin }, script: '/usr/lib/node_modules/codegraph-wasm/dist/bundle/main.js', platform: 'linux' }), PATH_COMMAND);
});

test('launchCommand uses npx when codegraph is not on PATH', () => {
  assert.deepEqual(launchCommand({ env: { PATH: tmpdir() }, script: '/x/main.js', platform: 'linux' }), NPX_COMMAND);
});

test('launchCommand uses npx for a run started by npx, whatever PATH holds', () => {
  assert.deepEqual(launchCommand({ env: { PATH: bin, npm_command: 'exec' }, script: '/x/main.js', platform: 'linux' }), NPX_COMMAND);
  assert.deepEqual(launchCommand({ env: { PATH: bin }, script: '/home/u/.npm/_npx/1a2b/node_modules/codegraph-wasm/dist/bundle/main.js', platform: 'linux' }), NPX_COMMAND);
});
