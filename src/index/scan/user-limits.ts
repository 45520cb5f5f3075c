/**
 * Limits on what indexing may cost, which belong to the user rather than to the repository. A
 * repository's control files travel with its code, so whoever writes them could make every clone
 * parse a 50 MB file; they may therefore only lower a limit. Raising one takes the user's own
 * environment (`CODEGRAPH_MAX_FILE_SIZE`), and even that stops where the parser is known to cope.
 */
import { DEFAULT_MAX_FILE_SIZE, type ProjectConfig } from './config-fields.js';

/** The environment variable that sets the largest file indexed, in bytes. */
export const MAX_FILE_SIZE_ENV = 'CODEGRAPH_MAX_FILE_SIZE';

/**
 * The most `CODEGRAPH_MAX_FILE_SIZE` can allow (8 MiB). Parser memory grows with a file's tokens,
 * not its lines: a JavaScript array of 8 MiB of `1,` (two bytes a token, the densest source) took
 * one parse worker to 1.6 GB and 8.6 s; 16 MiB of it exhausted the parser's 2 GiB WebAssembly heap.
 */
export const MAX_FILE_SIZE_CEILING = 8 * 1024 * 1024;

/** The limits in force for this user, with what was wrong with their settings. */
export interface UserLimits {
  /** Files larger than this are never indexed, whatever a repository's config says. */
  readonly maxFileSize: number;
  readonly warnings: readonly string[];
}

/** The limits `env` sets (the defaults when it sets none); a bad value is warned about and ignored. */
export function userLimits(env: NodeJS.ProcessEnv): UserLimits {
  const raw = env[MAX_FILE_SIZE_ENV];
  if (raw === undefined || raw.trim() === '') return { maxFileSize: DEFAULT_MAX_FILE_SIZE, warnings: [] };
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) {
    return {
      maxFileSize: DEFAULT_MAX_FILE_SIZE,
      warnings: [`${MAX_FILE_SIZE_ENV}="${raw}" is not a positive whole number of bytes; using ${DEFAULT_MAX_FILE_SIZE}`],
    };
  }
  if (value > MAX_FILE_SIZE_CEILING) {
    return {
      maxFileSize: MAX_FILE_SIZE_CEILING,
      warnings: [`${MAX_FILE_SIZE_ENV}=${value} is above the ${MAX_FILE_SIZE_CEILING} bytes the parser can take; using ${MAX_FILE_SIZE_CEILING}`],
    };
  }
  return { maxFileSize: value, warnings: [] };
}

/** A control file's own `maxFileSize`, if it set one. */
export interface FileLimit {
  readonly file: string;
  readonly maxFileSize: number | undefined;
}

/**
 * `config` with its limits held to the user's: the repository's `maxFileSize` applies only when it
 * is lower, and when no file sets one the user's limit is the limit. Each file that asks for more
 * than the user allows is warned about.
 */
export function limitConfig(config: ProjectConfig, files: readonly FileLimit[], limits: UserLimits): { config: ProjectConfig; warnings: string[] } {
  const warnings = [...limits.warnings];
  for (const { file, maxFileSize } of files) {
    if (maxFileSize !== undefined && maxFileSize > limits.maxFileSize) {
      warnings.push(
        `maxFileSize ${maxFileSize} in ${file} is above this user's limit of ${limits.maxFileSize} bytes, which a repository cannot raise; `
        + `set ${MAX_FILE_SIZE_ENV} in your environment to index larger files`,
      );
    }
  }
  const set = files.some((f) => f.maxFileSize !== undefined);
  const maxFileSize = set ? Math.min(config.maxFileSize, limits.maxFileSize) : limits.maxFileSize;
  return { config: maxFileSize === config.maxFileSize ? config : { ...config, maxFileSize }, warnings };
}
