import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { visibleText } from '../../src/tools/visible-text.js';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { fixturesDir } from '../support/golden.js';

test('visibleText writes escape sequences, bells, lone carriage returns, DEL and C1 controls as \\u escapes', () => {
  assert.equal(visibleText('a\u001b[31mred\u0007'), 'a\\u001b[31mred\\u0007');
  assert.equal(visibleText('line\rOverwritten'), 'line\\u000dOverwritten');
  assert.equal(visibleText('x\u007fy\u009bz\u0000'), 'x\\u007fy\\u009bz\\u0000');
});

test('visibleText keeps tabs, newlines and CRLF line endings, and text without controls is unchanged', () => {
  assert.equal(visibleText('a\tb\nc\r\nd'), 'a\tb\nc\r\nd');
  assert.equal(visibleText('plain ünïcode → text'), 'plain ünïcode → text');
});

test('a query command echoing what it was sent shows its control characters escaped', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-visible-')));
  try {
    cpSync(join(fixturesDir(import.meta.url), 'projects', 'shop'), root, { recursive: true });
    const env = cliEnv({ CODEGRAPH_NO_DAEMON: '1' });
    assert.equal(spawnSync(process.execPath, [CLI_PATH, 'init', '--quiet', root], { env }).status, 0);
    const out = spawnSync(process.execPath, [CLI_PATH, 'callers', 'Cart\u001b]0;owned\u0007\rFake: line'], { cwd: root, env, encoding: 'utf8' });
    assert.doesNotMatch(out.stdout, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    assert.match(out.stdout, /\\u001b\]0;owned\\u0007\\u000dFake: line/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
