/**
 * Default-project resolution through the official v1 SDK client over a real child process: the
 * workspace `initialize` advertises, a project indexed after the server started, and a workspace
 * launch folder with one or several indexed children.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { indexProject } from '../../src/index/sync/index.js';
import { cliEnv, serveArgs } from '../support/cli.js';
import { fixtureProject, type FixtureProject } from '../support/fixture-project.js';
import { makeTempDir, removeDir } from '../support/project.js';
import { withTimeout } from '../support/timeout.js';

/** The official stdio transport, adding workspace fields to the `initialize` request it sends. */
class WorkspaceTransport extends StdioClientTransport {
  readonly #extra: Readonly<Record<string, unknown>>;
  stderrText = '';

  constructor(cwd: string, extra: Readonly<Record<string, unknown>>) {
    super({ command: process.execPath, args: serveArgs(), cwd, env: cliEnv(), stderr: 'pipe' });
    this.#extra = extra;
    this.stderr?.on('data', (chunk: Buffer) => {
      this.stderrText += chunk.toString('utf8');
    });
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    if ('method' in message && message.method === 'initialize') {
      message = { ...message, params: { ...message.params, ...this.#extra } } as JSONRPCMessage;
    }
    return super.send(message);
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const c of cleanups) await c();
});

async function connect(cwd: string, extra: Readonly<Record<string, unknown>> = {}): Promise<{ client: Client; transport: WorkspaceTransport }> {
  const transport = new WorkspaceTransport(cwd, extra);
  const client = new Client({ name: 'codegraph-e2e-resolve', version: '1.0.0' });
  await withTimeout(client.connect(transport), 10_000, 'connect');
  cleanups.push(() => withTimeout(client.close(), 5_000, 'close'));
  return { client, transport };
}

async function shop(index: boolean): Promise<FixtureProject> {
  const project = await fixtureProject('shop', import.meta.url, { index });
  cleanups.push(project.cleanup);
  return { ...project, root: realpathSync(project.root) };
}

async function plainFolder(): Promise<string> {
  const dir = await makeTempDir();
  cleanups.push(() => removeDir(dir));
  return dir;
}

async function searchText(client: Client): Promise<string> {
  const result = await withTimeout(client.callTool({ name: 'codegraph_search', arguments: { query: 'priceOf' } }), 15_000, 'search');
  return (result.content as { text: string }[])[0]?.text ?? '';
}

async function projectPathRequired(client: Client): Promise<boolean> {
  const { tools } = await withTimeout(client.listTools(), 5_000, 'listTools');
  return tools.every((t) => (t.inputSchema.required ?? []).includes('projectPath'));
}

describe('default project resolution through the v1 SDK client', { timeout: 90_000 }, () => {
  test('an indexed rootUri from initialize becomes the default project', async () => {
    const project = await shop(true);
    const { client } = await connect(await plainFolder(), { rootUri: pathToFileURL(project.root).href });
    assert.equal(await projectPathRequired(client), false);
    assert.match(await searchText(client), /priceOf \(function\)/);
  });

  test('an indexed workspaceFolders[0] from initialize becomes the default project', async () => {
    const project = await shop(true);
    const { client } = await connect(await plainFolder(), { workspaceFolders: [{ uri: pathToFileURL(project.root).href, name: 'shop' }] });
    assert.equal(await projectPathRequired(client), false);
    assert.match(await searchText(client), /priceOf \(function\)/);
  });

  test('an unindexed rootUri leaves projectPath required', async () => {
    const { client } = await connect(await plainFolder(), { rootUri: pathToFileURL(await plainFolder()).href });
    assert.equal(await projectPathRequired(client), true);
  });

  test('a project indexed after the server started is adopted without a restart', async () => {
    const project = await shop(false);
    const { client } = await connect(project.root);
    assert.match(await searchText(client), /^No project selected/);
    await indexProject({ root: project.root, mode: 'full', command: 'test', workers: 1 });
    assert.match(await searchText(client), /priceOf \(function\)/);
    assert.equal(await projectPathRequired(client), false);
  });

  test('the one indexed child of a workspace launch folder becomes the default project', async () => {
    const workspace = await plainFolder();
    mkdirSync(join(workspace, '.git'));
    const source = await shop(false);
    const child = join(workspace, 'packages', 'shop');
    cpSync(source.root, child, { recursive: true });
    await indexProject({ root: child, mode: 'full', command: 'test', workers: 1 });
    const { client } = await connect(workspace);
    assert.equal(await projectPathRequired(client), false);
    assert.match(await searchText(client), /priceOf \(function\)/);
  });

  test('several indexed children are listed sorted, on stderr and in the guidance, never chosen', async () => {
    const workspace = await plainFolder();
    mkdirSync(join(workspace, '.git'));
    for (const name of ['zeta', 'alpha']) {
      mkdirSync(join(workspace, name, '.codegraph'), { recursive: true });
      writeFileSync(join(workspace, name, '.codegraph', 'codegraph.db'), '');
    }
    const { client, transport } = await connect(workspace);
    const text = await searchText(client);
    const listed = `  - ${join(workspace, 'alpha')}\n  - ${join(workspace, 'zeta')}`;
    assert.match(text, /^No project selected/);
    assert.ok(text.endsWith(listed), text);
    assert.ok(transport.stderrText.includes(`codegraph:   - ${join(workspace, 'alpha')}\ncodegraph:   - ${join(workspace, 'zeta')}\n`), transport.stderrText);
    assert.equal(await projectPathRequired(client), true);
  });
});
