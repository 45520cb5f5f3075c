/**
 * The contract diff of contract.test.ts over streamable HTTP: the same listing states and era
 * matrix answered by `serve --http`. One server serves the whole matrix, since HTTP keeps no
 * state between requests: a handshake-era case names its negotiated revision in a header.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { contractMismatch, ERAS_DOC, expectedListing, listingFolders, MODERN_META, TOOLS_DOC } from './contract.js';
import { jsonDiff } from './diff.js';
import { eraProblems } from './era-check.js';
import { HttpClient } from './http-client.js';

const { scratch, indexedProject, plainFolder } = listingFolders('codegraph-conformance-http-');
const toolsDoc = TOOLS_DOC;
const erasDoc = ERAS_DOC;

function explain(lines: string[], what: string): string {
  return contractMismatch(lines, `${what} over HTTP`);
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
