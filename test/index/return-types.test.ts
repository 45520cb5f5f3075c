/**
 * Calls on what another call returned, end to end in ten languages (test/fixtures/projects/returns):
 * each project's factory returns a `Client` from another file, and a call on its result binds to
 * `Client`'s method, through chains of calls; a call on a value of a type from outside the project
 * binds to nothing, not to the project's `Other.close`.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { assertGoldenFile, goldenDir } from '../support/golden.js';
import { fixtureProject, type FixtureProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';

let project: FixtureProject;
let calls: string[] = [];

/** The files that call into the factories. */
const USE_FILE = /^(ts\/use\.ts|js\/use\.js|py\/app\/use\.py|java\/src\/app\/Use\.java|kt\/Use\.kt|cs\/Use\.cs|go\/main\.go|rs\/src\/usage\.rs|php\/Use\.php|swift\/Use\.swift)#/;

before(async () => {
  project = await fixtureProject('returns', import.meta.url);
  const dump = await dumpGraph(project.root);
  // `edge <source>@<pos> -calls-> <target>@<pos> at <line>:<col> <method> <confidence>`, as `<line> <source> -> <target>`.
  calls = dump.split('\n').flatMap((line) => {
    const m = /^edge (\S+)@\S+ -calls-> (\S+)@\S+ at (\d+):/.exec(line);
    return m !== null && USE_FILE.test(m[1] ?? '') ? [`${m[1]}:${m[3]} -> ${m[2]}`] : [];
  }).sort();
});
after(() => project.cleanup());

test('every call the use files make binds as expected.txt lists', () => {
  const dir = goldenDir('resolve', import.meta.url);
  assertGoldenFile(join(dir, 'returns', 'expected.txt'), 'test/golden/resolve/returns/expected.txt', `${calls.join('\n')}\n`);
});

test('in every language, a call on the factory\'s result binds to the returned type\'s method, not to a same-named one', () => {
  for (const lang of ['ts', 'js', 'py', 'java', 'kt', 'cs', 'go', 'rs', 'php', 'swift']) {
    const ours = calls.filter((c) => c.startsWith(`${lang}/`));
    assert.ok(ours.some((c) => /#method:Client\.[sS]end$/.test(c)), `${lang}: send on the result\n${ours.join('\n')}`);
    assert.ok(ours.some((c) => /#method:Request\.(uri|Uri|URI)$/.test(c)), `${lang}: a chain of two calls\n${ours.join('\n')}`);
    assert.ok(!ours.some((c) => /#method:Other\./.test(c)), `${lang}: nothing binds to Other\n${ours.join('\n')}`);
  }
});
