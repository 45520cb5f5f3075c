import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { expectedListing, readContract, type ContractState, type ContractTool, type EraCase } from './contract.js';
import { jsonDiff } from './diff.js';
import { eraProblems } from './era-check.js';
import { CLI_PATH, LineClient } from './line-client.js';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const scratch = mkdtempSync(join(tmpdir(), 'codegraph-conformance-'));
const indexedProject = join(scratch, 'indexed');
const plainFolder = join(scratch, 'plain');
mkdirSync(join(indexedProject, '.codegraph'), { recursive: true });
// Listing only needs the project to count as indexed; nothing here reads the database.
writeFileSync(join(indexedProject, '.codegraph', 'codegraph.db'), '');
mkdirSync(plainFolder);
after(() => rmSync(scratch, { recursive: true, force: true }));

const toolsDoc = readContract('tools.json') as { tools: ContractTool[]; states: ContractState[] };
const erasDoc = readContract('eras.json') as { cases: EraCase[] };

function explain(lines: string[], what: string): string {
  return `${what} differs from protocol/ (expected = contract, got = live server):\n  ${lines.join('\n  ')}\n` +
    'Either fix the server or, if the change is intended, update the contract in protocol/ in the same commit.';
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
