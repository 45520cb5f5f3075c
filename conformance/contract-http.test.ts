/**
 * The contract diff of contract.test.ts over streamable HTTP: the same listing states and era
 * matrix answered by `serve --http`. One server serves the whole matrix, since HTTP keeps no
 * state between requests: a handshake-era case names its negotiated revision in a header.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { expectedListing, readContract, type ContractState, type ContractTool, type EraCase } from './contract.js';
import { jsonDiff } from './diff.js';
import { eraProblems } from './era-check.js';
import { HttpClient } from './http-client.js';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const scratch = mkdtempSync(join(tmpdir(), 'codegraph-conformance-http-'));
const indexedProject = join(scratch, 'indexed');
const plainFolder = join(scratch, 'plain');
mkdirSync(join(indexedProject, '.codegraph'), { recursive: true });
writeFileSync(join(indexedProject, '.codegraph', 'codegraph.db'), '');
mkdirSync(plainFolder);
after(() => rmSync(scratch, { recursive: true, force: true }));

const toolsDoc = readContract('tools.json') as { tools: ContractTool[]; states: ContractState[] };
const erasDoc = readContract('eras.json') as { cases: EraCase[] };

function explain(lines: string[], what: string): string {
  return `${what} over HTTP differs from protocol/ (expected = contract, got = live server):\n  ${lines.join('\n  ')}\n` +
    'Either fix the server or, if the change is intended, update the contract in protocol/ in the same commit.';
}

describe('tools/list over HTTP matches protocol/tools.json', () => {
  for (const state of toolsDoc.states) {
    test(`${state.id}: ${state.description}`, async () => {
      const client = new HttpClient({
        env: state.env,
        cwd: state.defaultProject ? scratch : plainFolder,
        args: state.defaultProject ? ['--path', indexedProject] : [],
      });
      try {
        await client.initialize('2025-11-25');
        const responses = [await client.request('tools/list'), await client.request('tools/list', { _meta: MODERN_META })];
        for (const response of responses) {
          const result = response['result'] as Record<string, unknown> | undefined;
          assert.ok(result !== undefined, `tools/list failed: ${JSON.stringify(response)}`);
          const differences = jsonDiff(expectedListing(toolsDoc.tools, state), result['tools']);
          assert.deepEqual(differences, [], explain(differences, 'tools/list'));
        }
        for (const word of state.stderrMentions ?? []) assert.ok(client.stderr.includes(word), `stderr should mention ${word}; it was: ${client.stderr}`);
      } finally {
        assert.equal(await client.close(), 0, 'server should exit 0 on SIGTERM');
      }
    });
  }
});

describe('era matrix over HTTP matches protocol/eras.json', () => {
  let client: HttpClient;
  before(() => {
    client = new HttpClient({ cwd: scratch, args: ['--path', indexedProject] });
  });
  after(async () => {
    assert.equal(await client.close(), 0);
  });
  for (const c of erasDoc.cases) {
    test(`${c.id}: ${c.description}`, async () => {
      if (c.open !== null) await client.initialize(c.open.initialize);
      const response = await client.request(c.request.method, c.request.params);
      const problems = eraProblems(c, response);
      assert.deepEqual(problems, [], explain(problems, `case ${c.id} (${c.specRef})`));
    });
  }
});
