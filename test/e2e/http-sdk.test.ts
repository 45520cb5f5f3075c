/**
 * The built server as `serve --http` in a real process, driven by the official clients over
 * streamable HTTP: the v1 SDK (handshake era, 2025-11-25) and the v2 client pinned to 2026-07-28
 * and in 'auto' mode. Answers must be the same tools and texts as over stdio; the server is
 * stopped by pid and must exit 0 with nothing left running.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import { fixtureProject, type FixtureProject } from '../support/fixture-project.js';
import { isRunning, spawnHttpServer, type SpawnedHttpServer } from '../support/http-server.js';
import { makeTempDir, removeDir } from '../support/project.js';
import { withTimeout } from '../support/timeout.js';

const DEFAULT_TOOLS = ['codegraph_explore', 'codegraph_node', 'codegraph_search', 'codegraph_callers'];
const TIMEOUT = { timeout: 30_000 };

let project: FixtureProject;
let stateDir: string;
let server: SpawnedHttpServer;

before(async () => {
  project = await fixtureProject('shop', import.meta.url);
  stateDir = await makeTempDir('codegraph-http-state-');
  server = await spawnHttpServer(['--path', project.root], { stateDir });
});

after(async () => {
  const code = await server.stop();
  assert.equal(code, 0, `the server should exit 0 on SIGTERM; stderr: ${server.stderr()}`);
  assert.equal(isRunning(server.pid), false, 'the server process is gone');
  assert.match(server.stderr(), /codegraph: stopped/);
  project.cleanup();
  await removeDir(stateDir);
});

function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content;
  return content?.[0]?.text ?? '';
}

describe('v1 SDK client over streamable HTTP', () => {
  test('connects at 2025-11-25 without a session, lists the default tools and searches', TIMEOUT, async () => {
    const transport = new TransportV1(new URL(server.url));
    const client = new ClientV1({ name: 'codegraph-http-v1', version: '1.0.0' });
    await withTimeout(client.connect(transport), 10_000, 'v1 connect');
    try {
      assert.equal(transport.sessionId, undefined);
      assert.equal(client.getServerVersion()?.name, 'codegraph');
      const tools = await client.listTools();
      assert.deepEqual(tools.tools.map((t) => t.name), DEFAULT_TOOLS);
      const result = await client.callTool({ name: 'codegraph_search', arguments: { query: 'priceOf' } });
      assert.match(textOf(result), /priceOf \(function\)\n {2}src\/pricing\.ts:6/);
      const unknown = await client.callTool({ name: 'codegraph_nope', arguments: {} }).then(
        () => 'resolved',
        (error: unknown) => String(error),
      );
      assert.match(unknown, /Unknown tool: codegraph_nope/);
    } finally {
      await client.close();
    }
  });
});

const MODES: ReadonlyArray<readonly [string, VersionNegotiationMode]> = [
  ['pinned to 2026-07-28', { pin: '2026-07-28' }],
  ["in 'auto' mode", 'auto'],
];
for (const [label, mode] of MODES) {
  describe(`v2 client ${label} over streamable HTTP`, () => {
    test('settles on the modern era, lists the default tools and searches', TIMEOUT, async () => {
      const client = new ClientV2({ name: 'codegraph-http-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
      await withTimeout(client.connect(new TransportV2(new URL(server.url))), 10_000, `v2 connect ${label}`);
      try {
        assert.equal(client.getProtocolEra(), 'modern');
        assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
        const tools = await client.listTools();
        assert.deepEqual(tools.tools.map((t) => t.name), DEFAULT_TOOLS);
        const result = await client.callTool({ name: 'codegraph_search', arguments: { query: 'priceOf' } });
        assert.match(textOf(result), /priceOf \(function\)\n {2}src\/pricing\.ts:6/);
      } finally {
        await client.close();
      }
    });
  });
}
