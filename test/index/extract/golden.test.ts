/**
 * Golden extraction tests: each `test/golden/extract/<case>/input.<ext>` is extracted and its
 * rendering compared with `expected.txt` beside it. The expected files are the spec: review them
 * by eye. `UPDATE_GOLDEN=1` rewrites them from the current output (see `assertGoldenFile`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractSource } from '../../../src/index/extract/extract.js';
import { languageForPath } from '../../../src/index/languages.js';
import { renderExtraction } from './render.js';
import { assertGoldenFile, goldenDir } from '../../support/golden.js';

const root = goldenDir('extract', import.meta.url);

for (const name of readdirSync(root).sort()) {
  const caseDir = join(root, name);
  const input = readdirSync(caseDir).find((f) => f.startsWith('input.'));
  if (input === undefined) continue;
  test(`extraction of ${name}/${input} matches expected.txt`, async () => {
    const language = languageForPath(input);
    assert.ok(language !== undefined, `no language for ${input}`);
    const source = readFileSync(join(caseDir, input), 'utf8');
    const actual = renderExtraction(await extractSource(language, source, `src/${input}`));
    assertGoldenFile(join(caseDir, 'expected.txt'), `test/golden/extract/${name}/expected.txt`, actual);
  });
}

