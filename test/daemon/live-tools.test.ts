import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LiveTools } from '../../src/daemon/live-tools.js';
import type { ToolService } from '../../src/mcp/tool-service.js';

const inner: ToolService = { list: () => [], call: async (name) => ({ text: `${name} answer\n` }) };
const context = { signal: new AbortController().signal, progress: () => undefined };

describe('LiveTools', () => {
  test('ends codegraph_status with the Auto-sync line', async () => {
    const tools = new LiveTools(inner, { describe: () => 'watching (debounce 2000 ms)', banner: () => undefined });
    assert.equal((await tools.call('codegraph_status', {}, context)).text, 'codegraph_status answer\nAuto-sync: watching (debounce 2000 ms)\n');
    assert.equal((await tools.call('codegraph_search', {}, context)).text, 'codegraph_search answer\n');
  });

  test('starts every answer with the health warning while unhealthy', async () => {
    const tools = new LiveTools(inner, { describe: () => 'DISABLED (x)', banner: () => '⚠️ CodeGraph auto-sync is DISABLED: x.' });
    assert.equal((await tools.call('codegraph_search', {}, context)).text, '⚠️ CodeGraph auto-sync is DISABLED: x.\n\ncodegraph_search answer\n');
  });

  test('passes the workspace, the roots and the default-project question through', async () => {
    const seen: string[] = [];
    const tools = new LiveTools({
      ...inner,
      adoptWorkspace: async (paths) => void seen.push(`workspace ${paths.join(',')}`),
      adoptRoots: async (paths) => void seen.push(`roots ${paths.join(',')}`),
      hasDefaultProject: () => true,
    }, { describe: () => 'x', banner: () => undefined });
    await tools.adoptWorkspace(['/w']);
    await tools.adoptRoots(['/r']);
    assert.deepEqual(seen, ['workspace /w', 'roots /r']);
    assert.equal(tools.hasDefaultProject(), true);
  });
});
