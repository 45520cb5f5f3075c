import { readFileSync } from 'node:fs';

/**
 * The package version, read once from package.json: two folders above this module, whether it is
 * dist/src/version.js or the chunk of the shipped bundle in dist/bundle/ that holds it.
 */
export const VERSION: string = (() => {
  const raw = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string') {
    return parsed.version;
  }
  return '0.0.0';
})();
