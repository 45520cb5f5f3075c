/**
 * The project config file `.codegraph/config.json`: what to index. Validation errors are values
 * that name the field and what was expected; unknown keys only warn, so older versions of the
 * tool can read newer configs.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findJsonErrorOffset, positionAt } from './json-error.js';

/** The config file's path relative to the project root. */
export const CONFIG_PATH = '.codegraph/config.json';

/** Files larger than this many bytes are skipped unless the config says otherwise (1 MiB). */
export const DEFAULT_MAX_FILE_SIZE = 1_048_576;

/** A validated config with every default filled in. */
export interface ProjectConfig {
  /** Globs (see `compileGlob`); when present only files matching one of them are indexed. */
  readonly include?: readonly string[];
  /** Globs for files and directories never to index. */
  readonly exclude: readonly string[];
  /** Lower-case extension with its dot (`.mjs`) to language id; outranks the built-in mapping. */
  readonly extensions: Readonly<Record<string, string>>;
  /** Larger files are skipped with a `too-large` diagnostic. */
  readonly maxFileSize: number;
  /** Whether `.gitignore` files and `.git/info/exclude` are honoured. */
  readonly respectGitignore: boolean;
}

/** The config used when the project has no config file. */
export const DEFAULT_CONFIG: ProjectConfig = {
  exclude: [],
  extensions: {},
  maxFileSize: DEFAULT_MAX_FILE_SIZE,
  respectGitignore: true,
};

/** The outcome of reading a config: usable, with warnings, or invalid with one message. */
export type ConfigResult =
  | { readonly kind: 'ok'; readonly config: ProjectConfig; readonly warnings: readonly string[] }
  | { readonly kind: 'invalid'; readonly error: string };

const KNOWN_KEYS = new Set(['include', 'exclude', 'extensions', 'maxFileSize', 'respectGitignore']);

function invalid(error: string): ConfigResult {
  return { kind: 'invalid', error };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates the text of a config file. I/O-free so callers can check a config before saving it. */
export function parseConfig(text: string): ConfigResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const offset = findJsonErrorOffset(text);
    if (offset === undefined) return invalid(`${CONFIG_PATH} is not valid JSON: ${detail}`);
    const { line, column } = positionAt(text, offset);
    return invalid(`${CONFIG_PATH} is not valid JSON at line ${line}, column ${column}: ${detail}`);
  }
  if (!isPlainObject(raw)) return invalid(`${CONFIG_PATH} must contain a JSON object`);

  const warnings: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!KNOWN_KEYS.has(key)) warnings.push(`unknown key "${key}" in ${CONFIG_PATH} is ignored`);
  }

  const { include, exclude, extensions, maxFileSize, respectGitignore } = raw;
  if (include !== undefined && !isStringArray(include)) {
    return invalid('include must be an array of strings');
  }
  if (include !== undefined && include.length === 0) {
    warnings.push('include is an empty array, so no file will be indexed');
  }
  if (exclude !== undefined && !isStringArray(exclude)) {
    return invalid('exclude must be an array of strings');
  }
  if (maxFileSize !== undefined && !(Number.isSafeInteger(maxFileSize) && (maxFileSize as number) > 0)) {
    return invalid('maxFileSize must be a positive integer number of bytes');
  }
  if (respectGitignore !== undefined && typeof respectGitignore !== 'boolean') {
    return invalid('respectGitignore must be a boolean');
  }
  const mapped: [string, string][] = [];
  if (extensions !== undefined) {
    if (!isPlainObject(extensions)) {
      return invalid('extensions must be an object mapping extensions such as ".mjs" to language ids');
    }
    for (const [extension, language] of Object.entries(extensions)) {
      if (!/^\.[^./\\]+(\.[^./\\]+)*$/.test(extension)) {
        return invalid(`extensions key "${extension}" must be an extension starting with "." such as ".mjs"`);
      }
      if (typeof language !== 'string' || language === '') {
        return invalid(`extensions["${extension}"] must be a non-empty language id string`);
      }
      mapped.push([extension.toLowerCase(), language]);
    }
  }

  const config: ProjectConfig = {
    ...(include === undefined ? {} : { include }),
    exclude: exclude ?? DEFAULT_CONFIG.exclude,
    // fromEntries defines own properties, so a key like "__proto__" cannot touch the prototype.
    extensions: Object.fromEntries(mapped),
    maxFileSize: (maxFileSize as number | undefined) ?? DEFAULT_MAX_FILE_SIZE,
    respectGitignore: respectGitignore ?? true,
  };
  return { kind: 'ok', config, warnings };
}

/**
 * Reads `<root>/.codegraph/config.json`. A missing file yields the defaults; an unreadable or
 * invalid one yields an `invalid` result, never a rejection.
 */
export async function loadConfig(root: string): Promise<ConfigResult> {
  let text: string;
  try {
    text = await readFile(join(root, CONFIG_PATH), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'ok', config: DEFAULT_CONFIG, warnings: [] };
    const detail = error instanceof Error ? error.message : String(error);
    return invalid(`${CONFIG_PATH} could not be read: ${detail}`);
  }
  return parseConfig(text.startsWith('\uFEFF') ? text.slice(1) : text);
}
