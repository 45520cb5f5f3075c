/**
 * Golden extraction tests: each `test/golden/extract/<case>/input.<ext>` is extracted and its
 * rendering compared with `expected.txt` beside it. The expected files are the spec: review them
 * by eye. `UPDATE_GOLDEN=1` rewrites them from the current output.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractSource } from '../../../src/index/extract/extract.js';
import { languageForPath } from '../../../src/index/languages.js';
import { renderExtraction } from './render.js';
import { goldenDir, lineDiff } from '../../support/golden.js';

const root = goldenDir('extract', import.meta.url);
const update = process.env['UPDATE_GOLDEN'] === '1';

for (const name of readdirSync(root).sort()) {
  const caseDir = join(root, name);
  const input = readdirSync(caseDir).find((f) => f.startsWith('input.'));
  if (input === undefined) continue;
  test(`extraction of ${name}/${input} matches expected.txt`, async () => {
    const language = languageForPath(input);
    assert.ok(language !== undefined, `no language for ${input}`);
    const source = readFileSync(join(caseDir, input), 'utf8');
    const actual = renderExtraction(await extractSource(language, source, `src/${input}`));
    const expectedPath = join(caseDir, 'expected.txt');
    if (update) {
      writeFileSync(expectedPath, actual);
      return;
    }
    assert.ok(existsSync(expectedPath), `${expectedPath} is missing; create it with UPDATE_GOLDEN=1 and review it`);
    const expected = readFileSync(expectedPath, 'utf8');
    if (actual !== expected) {
      assert.fail(`${name}: extraction differs from ${expectedPath}\n${lineDiff(expected, actual)}\n`
        + 'If the new output is right, accept it with: UPDATE_GOLDEN=1 node --import tsx --test test/index/extract/golden.test.ts');
    }
  });
}

