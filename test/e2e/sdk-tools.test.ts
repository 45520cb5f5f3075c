/**
 * Every query tool through the official v1 SDK client on a really indexed fixture project: the
 * MCP text must equal what the CLI prints for the same call, and answers must be real.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI_PATH, cliEnv, serveArgs } from '../support/cli.js';
import { fixtureProject, type FixtureProject } from '../support/fixture-project.js';
import { withTimeout } from '../support/timeout.js';

interface Case {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly cli: string[];
  readonly expect: RegExp;
}

const CASES: readonly Case[] = [
  { tool: 'codegraph_search', args: { query: 'priceOf' }, cli: ['search', 'priceOf'], expect: /priceOf \(function\)/ },
  { tool: 'codegraph_node', args: { symbol: 'applyDiscount', includeCode: true }, cli: ['node', 'applyDiscount', '--include-code'], expect: /function applyDiscount/ },
  { tool: 'codegraph_callers', args: { symbol: 'priceOf' }, cli: ['callers', 'priceOf'], expect: /Cart\.total/ },
  { tool: 'codegraph_callees', args: { symbol: 'checkout' }, cli: ['callees', 'checkout'], expect: /Cart\.total/ },
  { tool: 'codegraph_impact', args: { symbol: 'formatMoney' }, cli: ['impact', 'formatMoney'], expect: /describePrice/ },
  { tool: 'codegraph_files', args: { format: 'flat' }, cli: ['files', '--format', 'flat'], expect: /src\/cart\.ts/ },
  { tool: 'codegraph_check', args: {}, cli: ['check'], expect: /cart\.ts -> src\/events\.ts|events\.ts -> src\/cart\.ts/ },
  { tool: 'codegraph_explore', args: { query: 'how does checkout apply discounts' }, cli: ['explore', 'how does checkout apply discounts'], expect: /applyDiscount/ },
];

describe('query tools through the v1 SDK client on an indexed project', { timeout: 60_000 }, () => {
  let project: FixtureProject | undefined;
  let client: Client | undefined;

  before(async () => {
    project = await fixtureProject('shop', import.meta.url);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: serveArgs(project.root),
      cwd: project.root,
      env: cliEnv(),
      stderr: 'ignore',
    });
    client = new Client({ name: 'codegraph-e2e-tools', version: '1.0.0' });
    await withTimeout(client.connect(transport), 10_000, 'connect');
  });

  after(async () => {
    if (client !== undefined) await withTimeout(client.close(), 5_000, 'close');
    project?.cleanup();
  });

  for (const c of CASES) {
    test(`${c.tool} answers from the index and matches the CLI text`, async () => {
      assert.ok(client !== undefined && project !== undefined);
      const result = await withTimeout(client.callTool({ name: c.tool, arguments: c.args }), 15_000, c.tool);
      const content = result.content as { type: string; text: string }[];
      assert.equal(result.isError ?? false, false, content[0]?.text);
      const text = content[0]?.text ?? '';
      assert.match(text, c.expect);
      const cli = spawnSync(process.execPath, [CLI_PATH, ...c.cli, '-p', project.root], { encoding: 'utf8', env: cliEnv(), timeout: 30_000 });
      assert.equal(cli.status, 0, cli.stderr);
      assert.equal(cli.stdout, text.endsWith('\n') ? text : `${text}\n`);
    });
  }
});
