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
  const e = expected.split('\n');
  const a = actual.split('\n');
  const lines: string[] = [];
  for (let i = 0; i < Math.max(e.length, a.length) && lines.length < 40; i++) {
    if (e[i] !== a[i]) {
      if (e[i] !== undefined) lines.push(`${i + 1}- ${e[i]}`);
      if (a[i] !== undefined) lines.push(`${i + 1}+ ${a[i]}`);
    }
  }
  throw new Error(`golden mismatch: test/golden/${group}/${name}\n${lines.join('\n')}\nIf the new output is right, accept it with UPDATE_GOLDEN=1 npm test.`);
}
