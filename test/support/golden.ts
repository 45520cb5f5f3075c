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

/**
 * Compares `actual` with the golden file `test/golden/<group>/<name>` (rewritten when
 * UPDATE_GOLDEN=1). On mismatch the message shows a line diff and how to accept the change.
 */
export function assertGolden(group: string, name: string, actual: string, fromUrl: string): void {
  const dir = join(goldenDir('', fromUrl), group);
  const path = join(dir, name);
  if (process.env['UPDATE_GOLDEN'] === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  // A missing golden is a failure, never silently created: a test must be able to fail.
  if (!existsSync(path)) throw new Error(`golden file test/golden/${group}/${name} is missing; create it with UPDATE_GOLDEN=1 npm test and review it`);
  const expected = readFileSync(path, 'utf8');
  if (expected === actual) return;
  throw new Error(`golden mismatch: test/golden/${group}/${name}\n${lineDiff(expected, actual)}\nIf the new output is right, accept it with UPDATE_GOLDEN=1 npm test.`);
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
