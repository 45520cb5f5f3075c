/**
 * Known defects of the bundled grammars, as an expected-failure baseline: each entry of
 * known-defects.json must still reproduce. One that stops reproducing is a stale entry (the
 * grammar was fixed), and the test says to remove it, so the list and the documented limits
 * never outlive the defects.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Parser } from 'web-tree-sitter';
import { loadGrammar } from './helper.js';

interface Sample {
  readonly grammar: string;
  readonly source: string;
}

type Check =
  | { readonly kind: 'parse-after'; readonly first: Sample; readonly then: Sample }
  | { readonly kind: 'set-language'; readonly grammar: string };

interface KnownDefect {
  readonly id: string;
  readonly reason: string;
  readonly check: Check;
}

// The data file stays in the source tree (tsc copies no JSON); found from dist/test/index/extract/more/.
const DEFECTS_FILE = 'test/index/extract/more/known-defects.json';
const defects = (JSON.parse(readFileSync(new URL(`../../../../../${DEFECTS_FILE}`, import.meta.url), 'utf8')) as { defects: KnownDefect[] }).defects;

/** True when `sample` parses without ERROR or MISSING nodes. */
function parsesCleanly(parser: Parser, sample: Sample): boolean {
  const tree = parser.parse(sample.source);
  assert.ok(tree !== null, `tree-sitter returned no tree for ${sample.grammar}`);
  try {
    return !tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

/** Whether the defect a check describes still shows. */
async function reproduces(check: Check): Promise<boolean> {
  if (check.kind === 'set-language') {
    const language = await loadGrammar(check.grammar);
    const parser = new Parser();
    try {
      parser.setLanguage(language);
      return false;
    } catch {
      return true;
    } finally {
      parser.delete();
    }
  }
  const first = await loadGrammar(check.first.grammar);
  const then = await loadGrammar(check.then.grammar);
  const parser = new Parser();
  try {
    parser.setLanguage(first);
    // The control: the first parse must be sound, or the check proves nothing about the second.
    assert.ok(parsesCleanly(parser, check.first), `${check.first.grammar} sample should parse cleanly`);
    parser.setLanguage(then);
    return !parsesCleanly(parser, check.then);
  } finally {
    parser.delete();
  }
}

test('known-defects.json lists at least one defect, each with an id and a reason', () => {
  assert.ok(defects.length > 0);
  for (const defect of defects) assert.ok(defect.id !== '' && defect.reason !== '', JSON.stringify(defect));
});

for (const defect of defects) {
  test(`known grammar defect ${defect.id} still reproduces`, async () => {
    assert.ok(
      await reproduces(defect.check),
      `${defect.id} no longer reproduces (${defect.reason}). Stale baseline: remove the entry from ${DEFECTS_FILE} and the limit it documents in docs/cli.md.`,
    );
  });
}
