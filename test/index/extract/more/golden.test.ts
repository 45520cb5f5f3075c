import assert from 'node:assert/strict';
import { assertGoldenFile, goldenDir } from '../../../support/golden.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEDICATED_LANGUAGES, extractorFor } from '../../../../src/index/extract/registry.js';
import { extractSource, renderExtraction } from './helper.js';

const GOLDEN_ROOT = goldenDir('extract-more', import.meta.url);


/**
 * The Lua grammar shipped in tree-sitter-wasms 0.1.13 only parses correctly as the first parse of
 * the process (its state is corrupted by any later parse, of any language), so its case runs first;
 * `grammar-defects.test.ts` tracks the defect itself.
 */
const FIRST = ['lua'];
const cases = readdirSync(GOLDEN_ROOT).sort((a, b) => Number(FIRST.includes(b)) - Number(FIRST.includes(a)) || a.localeCompare(b));

for (const dir of cases) {
  test(`golden extraction for ${dir} matches expected.txt`, async () => {
    const caseDir = join(GOLDEN_ROOT, dir);
    const input = readdirSync(caseDir).find((name) => name.startsWith('input.'));
    assert.ok(input !== undefined, `${caseDir} must contain an input.<ext> file`);
    assert.ok(DEDICATED_LANGUAGES.has(dir), `no dedicated extractor handles language id ${dir}`);
    const extractor = await extractorFor(dir);
    const source = readFileSync(join(caseDir, input), 'utf8');
    const actual = renderExtraction(await extractSource(extractor, dir, source, `src/${input}`));
    assertGoldenFile(join(caseDir, 'expected.txt'), `test/golden/extract-more/${dir}/expected.txt`, actual);
  });
}
