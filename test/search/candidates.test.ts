import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gatherCandidates, queryShape } from '../../src/search/candidates.js';
import { editVariants, searchSymbols } from '../../src/search/index.js';
import { NODE_KINDS } from '../../src/model.js';
import { openGeneratedProject, type OpenedProject } from '../support/fixture-project.js';

test('editVariants covers deletion, insertion, substitution and transposition', () => {
  const v = editVariants('ordr');
  for (const w of ['order', 'ord', 'odrr', 'orde', 'rodr']) assert.ok(v.has(w), w);
  assert.ok(!v.has('ordr'));
});

/** More same-named methods than one name-prefix read returns, and a word more common than the full-text row budget. */
function crowdedSource(): string {
  const lines: string[] = [];
  for (let i = 0; i < 1200; i += 1) lines.push(`class Holder${i}:`, '    def get(self):', '        return 1', '');
  for (let i = 0; i < 900; i += 1) lines.push(`def plain_${i}():`, '    """Returns a widget."""', '    return 1', '');
  lines.push('def zebra_one():', '    """Stripes."""', '    return 1', '');
  lines.push('def zebra_two():', '    """Stripes on a widget."""', '    return 1', '');
  lines.push('def zebra_three():', '    """Stripes."""', '    return 1', '');
  return lines.join('\n');
}

describe('candidates on a crowded index', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({ 'crowded.py': crowdedSource() });
  });
  after(() => project.close());

  test('every exact-name symbol counts when the name prefix read stops short', () => {
    const result = searchSymbols(project.index.store, 'get', { limit: 100, fuzzy: false });
    assert.equal(result.total, 1200);
    assert.equal(result.matches.length, 100);
    for (const m of result.matches) assert.equal(m.node.name, 'get');
  });

  test('rows found by the rare word alone are scored on every word before ranking', () => {
    // `widget` is in more docstrings than the row budget, so only `zebra` is read at first.
    assert.equal(searchSymbols(project.index.store, 'zebra widget', { fuzzy: false }).matches[0]?.node.name, 'zebra_two');
  });
});

/**
 * A word in more rows than the full-text row budget while no one column holds it that often: in
 * 500 names and 500 other docstrings. The one class of that name comes last.
 */
function spreadSource(): string {
  const lines: string[] = [];
  for (let i = 0; i < 500; i += 1) lines.push(`def gadget_part_${i}():`, '    return 1', '');
  for (let i = 0; i < 500; i += 1) lines.push(`def tool_${i}():`, '    """Makes a gadget."""', '    return 1', '');
  lines.push('class Gadget:', '    """The gadget itself."""', '');
  return lines.join('\n');
}

describe('candidates of a word spread over columns', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({ 'spread.py': spreadSource() });
  });
  after(() => project.close());

  test('a name candidate past the budget of rows read is still scored on the word it holds', () => {
    const found = gatherCandidates(project.index.store, queryShape('Gadget'), {
      kinds: NODE_KINDS.filter((k) => k !== 'file'), accept: () => true, filtered: false, fuzzy: false,
    }).found;
    const gadget = found.find((c) => c.row.name === 'Gadget');
    assert.ok(gadget !== undefined, 'the class is a name candidate');
    assert.equal(gadget.text.matched, 1);
    assert.ok(gadget.text.inName === 1);
    assert.equal(searchSymbols(project.index.store, 'Gadget', { fuzzy: false }).matches[0]?.node.name, 'Gadget');
  });
});

describe('a word a docstring emphasizes with underscores', () => {
  let project: OpenedProject;
  before(async () => {
    project = await openGeneratedProject({
      'request.js': '/**\n * Check if the request was an _XMLHttpRequest_.\n */\nfunction xhr() {}\n\n/** Check if the request came from a request library over http. */\nfunction secure() {}\nmodule.exports = { xhr, secure };\n',
    });
  });
  after(() => project.close());

  test('is found by the word', () => {
    assert.deepEqual(searchSymbols(project.index.store, 'xmlhttprequest', { fuzzy: false }).matches.map((m) => m.node.name), ['xhr']);
    assert.equal(searchSymbols(project.index.store, 'request from an XMLHttpRequest', { fuzzy: false }).matches[0]?.node.name, 'xhr');
  });
});
