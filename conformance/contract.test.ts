import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { contractMismatch, ERAS_DOC, expectedListing, listingFolders, MODERN_META, readContract, TOOLS_DOC } from './contract.js';
import { jsonDiff } from './diff.js';
import { eraProblems } from './era-check.js';
import { CLI_PATH, LineClient } from './line-client.js';

const { scratch, indexedProject, plainFolder } = listingFolders('codegraph-conformance-');
const toolsDoc = TOOLS_DOC;
const erasDoc = ERAS_DOC;

function explain(lines: string[], what: string): string {
  return contractMismatch(lines, `${what}`);
}

describe('protocol/ files', () => {
  test('every contract file matches contract.schema.json', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(readContract('contract.schema.json') as object);
    for (const name of ['tools.json', 'eras.json', 'errors.json'] as const) {
      const ok = validate(readContract(name));
      assert.ok(ok, `${name}: ${ajv.errorsText(validate.errors)}`);
    }
  });
});

describe('tools/list matches protocol/tools.json', () => {
  for (const state of toolsDoc.states) {
    for (const era of ['legacy', 'modern'] as const) {
      test(`${state.id} (${era}): ${state.description}`, async () => {
        const client = new LineClient({
          env: state.env,
          cwd: state.defaultProject ? scratch : plainFolder,
          args: state.defaultProject ? ['--path', indexedProject] : [],
        });
        try {
          let response: Record<string, unknown>;
          if (era === 'legacy') {
            await client.initialize('2025-11-25');
            response = await client.request('tools/list');
          } else {
            response = await client.request('tools/list', { _meta: MODERN_META });
          }
          const result = response['result'] as Record<string, unknown> | undefined;
          assert.ok(result !== undefined, `tools/list failed: ${JSON.stringify(response)}`);
          const differences = jsonDiff(expectedListing(toolsDoc.tools, state), result['tools']);
          assert.deepEqual(differences, [], explain(differences, 'tools/list'));
          for (const word of state.stderrMentions ?? []) {
            assert.ok(client.stderr.includes(word), `stderr should mention ${word}; it was: ${client.stderr}`);
          }
          assert.deepEqual(client.strayLines, [], 'stdout carried non-JSON lines');
        } finally {
          assert.equal(await client.close(), 0, 'server should exit 0 when stdin ends');
        }
      });
    }
  }
});

describe('era matrix matches protocol/eras.json', () => {
  for (const c of erasDoc.cases) {
    test(`${c.id}: ${c.description}`, async () => {
      const client = new LineClient({ cwd: scratch, args: ['--path', indexedProject] });
      try {
        if (c.open !== null) await client.initialize(c.open.initialize);
        const response = await client.request(c.request.method, c.request.params);
        const problems = eraProblems(c, response);
        assert.deepEqual(problems, [], explain(problems, `case ${c.id} (${c.specRef})`));
      } finally {
        await client.close();
      }
    });
  }
});

describe('codegraph describe --format json matches protocol/', () => {
  test('describe reports the contract tools and the discover revisions', () => {
    const run = spawnSync(process.execPath, [CLI_PATH, 'describe', '--format', 'json'], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
    assert.equal(run.status, 0, run.stderr);
    const described = JSON.parse(run.stdout) as { tools: { all: unknown[]; withoutDefaultProject: unknown[]; defaultListed: string[] }; revisions: { supported: string[] } };
    const allState = toolsDoc.states.find((s) => s.id === 'all');
    assert.ok(allState !== undefined, 'tools.json needs an "all" state');
    const d1 = jsonDiff(expectedListing(toolsDoc.tools, allState), described.tools.all);
    assert.deepEqual(d1, [], explain(d1, 'describe tools.all'));
    const d2 = jsonDiff(expectedListing(toolsDoc.tools, { ...allState, requiredAdded: 'projectPath' }), described.tools.withoutDefaultProject);
    assert.deepEqual(d2, [], explain(d2, 'describe tools.withoutDefaultProject'));
    const defaultState = toolsDoc.states.find((s) => s.id === 'default');
    assert.deepEqual(described.tools.defaultListed.map((s) => `codegraph_${s}`), defaultState?.listed);
    const discover = erasDoc.cases.find((c) => c.id === 'modern-discover');
    assert.deepEqual(described.revisions.supported, discover?.expect.result?.['supportedVersions']);
  });
});
