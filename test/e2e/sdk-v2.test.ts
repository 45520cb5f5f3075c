/**
 * The built server driven by the official v2 TypeScript client (`@modelcontextprotocol/client`)
 * in the stateless 2026-07-28 era, both pinned and auto-negotiated, over a real child process.
 * The client's own transport is tapped after connect so the tests can read results as they
 * arrived on the wire (the client strips `resultType` before handing results back).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, ProtocolError, type JSONRPCMessage, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { cliEnv, serveArgs } from '../support/cli.js';
import { makeTempDir, removeDir } from '../support/project.js';
import { withTimeout } from '../support/timeout.js';

const MODERN = '2026-07-28';
const DEFAULT_TOOLS = ['codegraph_explore', 'codegraph_node', 'codegraph_search', 'codegraph_callers'];
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
const TIMEOUT = { timeout: 30_000 };

const MODES: ReadonlyArray<{ readonly label: string; readonly mode: VersionNegotiationMode }> = [
  { label: 'pinned to 2026-07-28', mode: { pin: MODERN } },
  { label: "in 'auto' mode", mode: 'auto' },
];

/** Records every message the client receives from now on, without changing its handling. */
function tap(transport: StdioClientTransport): JSONRPCMessage[] {
  const seen: JSONRPCMessage[] = [];
  const deliver = transport.onmessage;
  assert.ok(deliver !== undefined, 'the client installs onmessage on connect');
  transport.onmessage = (message: JSONRPCMessage): void => {
    seen.push(message);
    deliver.call(transport, message);
  };
  return seen;
}

function wireResult(seen: readonly JSONRPCMessage[], index: number): Record<string, unknown> {
  const message = seen[index] as Record<string, unknown> | undefined;
  assert.ok(message !== undefined, `no message #${index} was received`);
  const result = message['result'];
  assert.ok(result !== null && typeof result === 'object', `message #${index} is not a result: ${JSON.stringify(message)}`);
  return result as Record<string, unknown>;
}

for (const { label, mode } of MODES) {
  describe(`v2 client ${label}`, () => {
    let outside: string;
    let transport: StdioClientTransport | undefined;
    let client: Client | undefined;

    before(async () => {
      outside = await makeTempDir();
      transport = new StdioClientTransport({
        command: process.execPath,
        args: serveArgs(),
        cwd: outside,
        env: cliEnv(),
        stderr: 'ignore',
      });
      client = new Client({ name: 'codegraph-e2e-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
      await withTimeout(client.connect(transport), 15_000, `v2 client connect ${label}`);
    });

    after(async () => {
      // close() ends the session child; the auto-mode probe sibling is reaped by the client itself.
      if (client !== undefined) await withTimeout(client.close(), 5_000, 'v2 client close');
      else if (transport !== undefined) await withTimeout(transport.close(), 5_000, 'v2 transport close');
      await removeDir(outside);
    });

    function connected(): Client {
      assert.ok(client !== undefined, 'client did not connect');
      return client;
    }

    test('connect settles on the modern era at 2026-07-28 with server codegraph', TIMEOUT, () => {
      const c = connected();
      assert.equal(c.getProtocolEra(), 'modern');
      assert.equal(c.getNegotiatedProtocolVersion(), MODERN);
      assert.equal(c.getServerVersion()?.name, 'codegraph');
      assert.deepEqual(c.getDiscoverResult()?.supportedVersions, [MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    });

    test('listTools returns the four default tools in order with query-only annotations', TIMEOUT, async () => {
      const { tools } = await connected().listTools();
      assert.deepEqual(tools.map((t) => t.name), DEFAULT_TOOLS);
      for (const tool of tools) assert.deepEqual(tool.annotations, ANNOTATIONS, `${tool.name} annotations`);
    });

    test('callTool rejects an unknown tool with protocol error -32602', TIMEOUT, async () => {
      await assert.rejects(connected().callTool({ name: 'codegraph_nonexistent', arguments: {} }), (error: unknown) => {
        assert.ok(error instanceof ProtocolError, `expected ProtocolError, got ${String(error)}`);
        assert.equal(error.code, -32602);
        return true;
      });
    });

    test('callTool on a folder without an index answers codegraph init guidance', TIMEOUT, async () => {
      const result = await connected().callTool({ name: 'codegraph_search', arguments: { query: 'main', projectPath: outside } });
      assert.notEqual(result.isError, true);
      const first = result.content[0];
      assert.ok(first !== undefined && first.type === 'text', 'first content block is text');
      assert.match(first.text, /Build one by running `\S.* init /);
    });

    test('results on the wire carry resultType complete and the server identity in _meta', TIMEOUT, async () => {
      assert.ok(transport !== undefined, 'transport exists');
      const c = connected();
      const seen = tap(transport);
      await c.callTool({ name: 'codegraph_search', arguments: { query: 'main', projectPath: outside } });
      await c.discover();
      assert.equal(seen.length, 2, `expected two responses, saw ${JSON.stringify(seen)}`);
      for (let i = 0; i < seen.length; i++) {
        const result = wireResult(seen, i);
        assert.equal(result['resultType'], 'complete', `message #${i} resultType`);
        const meta = result['_meta'] as Record<string, unknown> | undefined;
        const info = meta?.[SERVER_INFO_KEY] as Record<string, unknown> | undefined;
        assert.equal(info?.['name'], 'codegraph', `message #${i} _meta serverInfo`);
        assert.equal(typeof info?.['version'], 'string');
      }
    });
  });
}
