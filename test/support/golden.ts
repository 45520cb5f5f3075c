import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder `test/golden/<name>` of the source tree, found from a test file's own URL whether
 * the test runs from source or from its compiled copy under dist/ (golden files are not copied).
 */
export function goldenDir(name: string, fromUrl: string): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'test', 'golden', name);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`test/golden/${name} not found above ${fromUrl}`);
}

/** The source tree's `test/fixtures` folder, found the same way as `goldenDir`. */
export function fixturesDir(fromUrl: string): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'test', 'fixtures');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`test/fixtures not found above ${fromUrl}`);
}
