/**
 * Interfaces and their implementations, end to end in nine languages
 * (test/fixtures/projects/implements): each implementation's method overrides the interface's, a
 * call through the interface binds to the interface's method (which `callers` of an
 * implementation lists as a call through it), and a same-named method of a type that implements
 * nothing (`Ledger.save`; in Go one with other parameters) is linked to nothing.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { assertGoldenFile, goldenDir } from '../support/golden.js';
import { fixtureProject, type FixtureProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';

let project: FixtureProject;
let edges: string[] = [];

const LANGUAGES = ['ts', 'java', 'kt', 'cs', 'php', 'swift', 'go', 'rs', 'py'] as const;

before(async () => {
  project = await fixtureProject('implements', import.meta.url);
  const dump = await dumpGraph(project.root);
  // `edge <source>@<pos> -<kind>-> <target>@<pos> at …`, as `<source> -<kind>-> <target>`.
  edges = dump.split('\n').flatMap((line) => {
    const m = /^edge (\S+)@\S+ -(calls|extends|implements|overrides)-> (\S+)@\S+ at/.exec(line);
    return m === null ? [] : [`${m[1]} -${m[2]}-> ${m[3]}`];
  }).sort();
});
after(() => project.cleanup());

test('the links between types, their methods and the calls through them are as expected.txt lists', () => {
  const dir = goldenDir('resolve', import.meta.url);
  assertGoldenFile(join(dir, 'implements', 'expected.txt'), 'test/golden/resolve/implements/expected.txt', `${edges.join('\n')}\n`);
});

test('in every language, both implementations\' save overrides the interface\'s, and Ledger\'s save is linked to nothing', () => {
  for (const lang of LANGUAGES) {
    const ours = edges.filter((e) => e.startsWith(`${lang}/`));
    for (const impl of ['DiskStore', 'MemoryStore']) {
      assert.ok(ours.some((e) => new RegExp(`#method:${impl}\\.[sS]ave -overrides-> \\S+#method:I?Store\\.[sS]ave$`).test(e)), `${lang}: ${impl}.save\n${ours.join('\n')}`);
    }
    assert.ok(!ours.some((e) => /#method:Ledger\.[sS]ave -/.test(e) || /-> \S+#method:Ledger\.[sS]ave$/.test(e)), `${lang}: Ledger.save linked\n${ours.join('\n')}`);
  }
});

test('a call through the interface binds to the interface\'s method, in every language', () => {
  for (const lang of LANGUAGES) {
    const ours = edges.filter((e) => e.startsWith(`${lang}/`) && e.includes(' -calls-> '));
    assert.ok(ours.some((e) => /-calls-> \S+#method:I?Store\.[sS]ave$/.test(e)), `${lang}: the call through Store\n${ours.join('\n')}`);
  }
});
