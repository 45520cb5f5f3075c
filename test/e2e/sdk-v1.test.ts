/**
 * The built server driven by the official v1 TypeScript SDK client (legacy era, 2025-11-25)
 * over a real child process.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { cliEnv, serveArgs } from '../support/cli.js';
import { makeIndexedProject, makeTempDir, removeDir } from '../support/project.js';
import { withTimeout } from '../support/timeout.js';

const DEFAULT_TOOLS = ['codegraph_explore', 'codegraph_node', 'codegraph_search', 'codegraph_callers'];
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const TIMEOUT = { timeout: 20_000 };

interface Connected {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  /** The revision the client accepted from the server's initialize result. */
  readonly negotiated: string | undefined;
}

interface ConnectOptions {
  readonly cwd: string;
  readonly path?: string;
  readonly env?: Record<string, string>;
}

async function connect(options: ConnectOptions): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: serveArgs(options.path),
    cwd: options.cwd,
    env: cliEnv(options.env),
    stderr: 'ignore',
  });
  let negotiated: string | undefined;
  // The client hands the negotiated revision to transports that want it (HTTP sends it as a header).
  const asTransport: Transport = transport;
  asTransport.setProtocolVersion = (version: string): void => {
    negotiated = version;
  };
  const client = new Client({ name: 'codegraph-e2e-v1', version: '1.0.0' });
  try {
    await withTimeout(client.connect(transport), 10_000, 'v1 client connect');
  } catch (error) {
    await transport.close();
    throw error;
  }
  return { client, transport, negotiated };
}

async function disconnect(connected: Connected | undefined): Promise<void> {
  if (connected === undefined) return;
  // client.close() closes the transport, which ends stdin and kills the child if it lingers.
  await withTimeout(connected.client.close(), 5_000, 'v1 client close');
}

function firstText(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = result.content;
  assert.ok(Array.isArray(content), 'content must be an array');
  const first: unknown = content[0];
  assert.ok(first !== null && typeof first === 'object', 'content[0] must be an object');
  const block = first as { type?: unknown; text?: unknown };
  assert.equal(block.type, 'text');
  assert.equal(typeof block.text, 'string');
  return block.text as string;
}

describe('v1 SDK client against a server outside any project', () => {
  let outside: string;
  let connected: Connected | undefined;

  before(async () => {
    outside = await makeTempDir();
    connected = await connect({ cwd: outside });
  });

  after(async () => {
    await disconnect(connected);
    await removeDir(outside);
  });

  function client(): Client {
    assert.ok(connected !== undefined, 'client did not connect');
    return connected.client;
  }

  test('connect negotiates 2025-11-25 with a server named codegraph', TIMEOUT, () => {
    const c = client();
    assert.equal(c.getServerVersion()?.name, 'codegraph');
    assert.match(c.getServerVersion()?.version ?? '', /^\d+\.\d+\.\d+/);
    assert.equal(connected?.negotiated, '2025-11-25');
  });

  test('listTools returns the four default tools in order with query-only annotations', TIMEOUT, async () => {
    const { tools } = await client().listTools();
    assert.deepEqual(tools.map((t) => t.name), DEFAULT_TOOLS);
    for (const tool of tools) assert.deepEqual(tool.annotations, ANNOTATIONS, `${tool.name} annotations`);
  });

  test('listTools requires projectPath on every tool when there is no default project', TIMEOUT, async () => {
    const { tools } = await client().listTools();
    for (const tool of tools) assert.ok(tool.inputSchema.required?.includes('projectPath'), `${tool.name} must require projectPath`);
  });

  test('callTool rejects an unknown tool with McpError -32602', TIMEOUT, async () => {
    await assert.rejects(client().callTool({ name: 'codegraph_nonexistent', arguments: {} }), (error: unknown) => {
      assert.ok(error instanceof McpError, `expected McpError, got ${String(error)}`);
      assert.equal(error.code, -32602);
      return true;
    });
  });

  test('callTool codegraph_search without query is a tool error starting "Error: query"', TIMEOUT, async () => {
    const result = await client().callTool({ name: 'codegraph_search', arguments: {} });
    assert.equal(result.isError, true);
    assert.match(firstText(result), /^Error: query/);
  });

  test('ping resolves with an empty result', TIMEOUT, async () => {
    const result = await client().ping();
    assert.deepEqual(result, {});
  });

  test('a call on a folder without an index answers codegraph init guidance, not an error', TIMEOUT, async () => {
    const result = await client().callTool({ name: 'codegraph_search', arguments: { query: 'main', projectPath: outside } });
    assert.notEqual(result.isError, true);
    const text = firstText(result);
    assert.match(text, /Build one by running `\S.* init /);
    assert.ok(text.includes(outside), 'guidance names the project folder');
  });

  test('a call with no projectPath and no default project answers guidance, not an error', TIMEOUT, async () => {
    const result = await client().callTool({ name: 'codegraph_search', arguments: { query: 'main' } });
    assert.notEqual(result.isError, true);
    assert.match(firstText(result), /projectPath/);
  });
});

describe('v1 SDK client against a server pinned to an indexed project', () => {
  let project: string;
  let connected: Connected | undefined;

  before(async () => {
    project = await makeIndexedProject();
    connected = await connect({ cwd: project, path: project });
  });

  after(async () => {
    await disconnect(connected);
    await removeDir(project);
  });

  test('listTools does not require projectPath when --path names an indexed project', TIMEOUT, async () => {
    assert.ok(connected !== undefined, 'client did not connect');
    const { tools } = await connected.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), DEFAULT_TOOLS);
    for (const tool of tools) {
      assert.ok(!(tool.inputSchema.required ?? []).includes('projectPath'), `${tool.name} must not require projectPath`);
      assert.ok(tool.inputSchema.properties !== undefined && 'projectPath' in tool.inputSchema.properties, `${tool.name} still offers projectPath`);
    }
    const search = tools.find((t) => t.name === 'codegraph_search');
    assert.deepEqual(search?.inputSchema.required, ['query']);
  });
});

describe('v1 SDK client with CODEGRAPH_MCP_TOOLS', () => {
  let outside: string;
  let connected: Connected | undefined;

  before(async () => {
    outside = await makeTempDir();
    connected = await connect({ cwd: outside, env: { CODEGRAPH_MCP_TOOLS: 'impact,check' } });
  });

  after(async () => {
    await disconnect(connected);
    await removeDir(outside);
  });

  test('listTools shows exactly the tools the variable names, in canonical order', TIMEOUT, async () => {
    assert.ok(connected !== undefined, 'client did not connect');
    const { tools } = await connected.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['codegraph_impact', 'codegraph_check']);
  });
});
