import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json) above a test file, compiled or not. */
export function projectRoot(fromUrl: string): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (let i = 0; i < 10; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src'))) return dir;
    dir = dirname(dir);
  }
  throw new Error(`no project root above ${fromUrl}`);
}

/**
 * The source tree's `test/golden/<name>`, whether the test runs from source or from its compiled
 * copy under dist/ (golden files live only in the source tree, never under dist/).
 */
export function goldenDir(name: string, fromUrl: string): string {
  return join(projectRoot(fromUrl), 'test', 'golden', name);
}

/** The source tree's `test/fixtures` folder. */
export function fixturesDir(fromUrl: string): string {
  return join(projectRoot(fromUrl), 'test', 'fixtures');
}

/** What a golden comparison does under `env`: compare, rewrite the file, or refuse to run. */
export type GoldenMode = { readonly kind: 'compare' } | { readonly kind: 'update' } | { readonly kind: 'refused'; readonly reason: string };

/**
 * The golden mode of an environment. Any non-empty UPDATE_GOLDEN asks for a rewrite; under
 * `CI=true` that is refused, so a variable leaked into CI can never turn the checks into writes.
 */
export function goldenMode(env: NodeJS.ProcessEnv): GoldenMode {
  const update = env['UPDATE_GOLDEN'];
  if (update === undefined || update === '' || update === '0') return { kind: 'compare' };
  if (env['CI'] === 'true') return { kind: 'refused', reason: `UPDATE_GOLDEN=${update} is set under CI=true: golden files are never rewritten in CI; unset it` };
  return { kind: 'update' };
}

/**
 * Compares `actual` with the golden file `test/golden/<group>/<name>`. On mismatch the message
 * shows a line diff and how to accept the change (see `assertGoldenFile`).
 */
export function assertGolden(group: string, name: string, actual: string, fromUrl: string, env: NodeJS.ProcessEnv = process.env): void {
  assertGoldenFile(join(goldenDir('', fromUrl), group, name), `test/golden/${group}/${name}`, actual, env);
}

/**
 * Compares `actual` with the golden file at `path` (`label` names it in messages). With
 * UPDATE_GOLDEN=1 a changed file is rewritten and the test still fails, naming it: a run that
 * rewrites golden files never passes, so the next run without the variable is the one that checks.
 */
export function assertGoldenFile(path: string, label: string, actual: string, env: NodeJS.ProcessEnv = process.env): void {
  const mode = goldenMode(env);
  if (mode.kind === 'refused') throw new Error(mode.reason);
  if (mode.kind === 'update') {
    mkdirSync(dirname(path), { recursive: true });
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    writeFileSync(path, actual);
    if (before === actual) return;
    throw new Error(`UPDATE_GOLDEN: rewrote ${label}; review the change (git diff) and run the tests again without UPDATE_GOLDEN`);
  }
  // A missing golden is a failure, never silently created: a test must be able to fail.
  if (!existsSync(path)) throw new Error(`golden file ${label} is missing; create it with UPDATE_GOLDEN=1 npm test and review it`);
  const expected = readFileSync(path, 'utf8');
  if (expected === actual) return;
  throw new Error(`golden mismatch: ${label} (- expected, + actual)\n${lineDiff(expected, actual)}\nIf the new output is right, write it with UPDATE_GOLDEN=1 npm test (that run fails, naming each rewritten file), review it, and run again.`);
}

/** A compact line diff: `-` expected, `+` actual, with the line numbers of the expected file. */
export function lineDiff(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while ((i < a.length || j < b.length) && out.length < 60) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    const nextInB = b.indexOf(a[i] ?? '', j);
    const nextInA = a.indexOf(b[j] ?? '', i);
    if (i < a.length && (nextInB < 0 || (nextInA >= 0 && nextInA - i <= nextInB - j))) {
      if (nextInA >= 0 && nextInA > i) {
        for (; i < nextInA; i++) out.push(`${i + 1} - ${a[i]}`);
      } else {
        out.push(`${i + 1} - ${a[i]}`);
        i++;
      }
    } else {
      out.push(`${i + 1} + ${b[j]}`);
      j++;
    }
  }
  return out.join('\n');
}
