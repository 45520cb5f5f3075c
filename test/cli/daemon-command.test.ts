/**
 * A daemon started in this process (`startProjectDaemon`), for what its status says between two
 * polls: the end-to-end daemon tests see only what a poll then does.
 */
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startProjectDaemon } from '../../src/cli/daemon-command.js';
import { Installation } from '../../src/daemon/installation.js';
import { generatedProject } from '../support/fixture-project.js';

test('a daemon whose code changed says so in its status at once, before its poll stops it', async () => {
  const project = await generatedProject({ 'a.ts': 'export function a() {\n  return 1;\n}\n' });
  const folder = mkdtempSync(join(tmpdir(), 'codegraph-entry-'));
  const entry = join(folder, 'main.js');
  writeFileSync(entry, 'one build');
  const lines: string[] = [];
  const daemon = await startProjectDaemon(project.root, { env: {}, noWatch: true, idleMs: Number.POSITIVE_INFINITY, log: (l) => lines.push(l), installation: new Installation(entry) });
  assert.ok(daemon !== undefined, 'the daemon started');
  try {
    assert.equal(daemon.status().stale, undefined);
    appendFileSync(entry, ', another');
    assert.equal(daemon.status().stale, `the installation it runs from changed on disk (${entry})`);
    assert.equal(await daemon.stopped, `the installation it runs from changed on disk (${entry})`);
    assert.ok(lines.some((l) => l.endsWith(`stopping: the installation it runs from changed on disk (${entry})`)), lines.join('\n'));
  } finally {
    await daemon.stop('the test ended');
    rmSync(folder, { recursive: true, force: true });
    project.cleanup();
  }
});
