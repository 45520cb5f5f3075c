/**
 * The project's control files, which say what to index: `.codegraph/config.json`, the reference's
 * `codegraph.json` at the project root and `.codegraph/config.toml`. JSON rules apply first, then
 * the authoritative TOML. A file that is missing is skipped; one that is invalid makes the whole
 * config invalid, with a message naming the file (and line and column for a syntax error).
 */
import { INDEX_DIR } from '../../store/layout.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CONFIG, isPlainObject, mergeLayers, readConfigLayer, type ConfigLayer, type LayerResult, type ProjectConfig } from './config-fields.js';
import { findJsonErrorOffset, positionAt } from './json-error.js';
import { parseToml } from './toml.js';
import { limitConfig, userLimits, type FileLimit } from './user-limits.js';

export { DEFAULT_CONFIG, DEFAULT_MAX_FILE_SIZE } from './config-fields.js';
export { MAX_FILE_SIZE_CEILING, MAX_FILE_SIZE_ENV } from './user-limits.js';
export type { ProjectConfig } from './config-fields.js';

/** The config file's path relative to the project root. */
export const CONFIG_PATH = `${INDEX_DIR}/config.json`;

/** The reference's JSON control file, relative to the project root. */
export const ROOT_CONFIG_PATH = 'codegraph.json';

/** The reference's TOML control file, relative to the project root. */
export const TOML_CONFIG_PATH = `${INDEX_DIR}/config.toml`;

/** Every config file in the order its rules apply (the last one wins). */
export const CONFIG_FILES: readonly string[] = [CONFIG_PATH, ROOT_CONFIG_PATH, TOML_CONFIG_PATH];

/** The outcome of reading a config: usable, with warnings, or invalid with one message. */
export type ConfigResult =
  | { readonly kind: 'ok'; readonly config: ProjectConfig; readonly warnings: readonly string[] }
  | { readonly kind: 'invalid'; readonly error: string; readonly file?: string };

/**
 * Whether a change to `relPath` (project-relative, `/`-separated) changes the scope of the index as
 * a whole: a config file, the root `.gitignore` or `.git/info/exclude`. A watcher reloads the scope
 * and reconciles every file when one changes.
 */
export function isControlFile(relPath: string): boolean {
  return CONFIG_FILES.includes(relPath) || relPath === '.gitignore' || relPath === '.git/info/exclude';
}

/**
 * Validates the text of `.codegraph/config.json`, with its limits held to those `env` sets (see
 * `user-limits.ts`). Reads no file, so callers can check a config before saving it.
 */
export function parseConfig(text: string, env: NodeJS.ProcessEnv = process.env): ConfigResult {
  const layer = parseJsonLayer(text, CONFIG_PATH);
  if (layer.kind === 'invalid') return layer;
  const limited = limitConfig(mergeLayers([layer.layer]), [{ file: CONFIG_PATH, maxFileSize: layer.layer.maxFileSize }], userLimits(env));
  return { kind: 'ok', config: limited.config, warnings: [...layer.warnings, ...limited.warnings] };
}

/** The fields of one JSON control file's text. */
function parseJsonLayer(text: string, file: string): LayerResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const offset = findJsonErrorOffset(text);
    if (offset === undefined) return { kind: 'invalid', error: `${file} is not valid JSON: ${detail}` };
    const { line, column } = positionAt(text, offset);
    return { kind: 'invalid', error: `${file} is not valid JSON at line ${line}, column ${column}: ${detail}` };
  }
  if (!isPlainObject(raw)) return { kind: 'invalid', error: `${file} must contain a JSON object` };
  return readConfigLayer(raw, file);
}

/** The fields of one TOML control file's text. */
function parseTomlLayer(text: string, file: string): LayerResult {
  const parsed = parseToml(text);
  if (parsed.kind === 'invalid') {
    return { kind: 'invalid', error: `${file} is not valid TOML at line ${parsed.line}, column ${parsed.column}: ${parsed.message}` };
  }
  return readConfigLayer(parsed.value, file);
}

/**
 * Reads every config file of `root` and merges them over the defaults, with the limits held to
 * those the user's `env` sets: a repository's config can lower `maxFileSize`, never raise it.
 * Missing files are skipped; an unreadable or invalid one yields an `invalid` result naming it,
 * never a rejection.
 */
export async function loadConfig(root: string, env: NodeJS.ProcessEnv = process.env): Promise<ConfigResult> {
  const layers: ConfigLayer[] = [];
  const limits: FileLimit[] = [];
  const warnings: string[] = [];
  for (const file of CONFIG_FILES) {
    let text: string;
    try {
      text = await readFile(join(root, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      const detail = error instanceof Error ? error.message : String(error);
      return { kind: 'invalid', error: `${file} could not be read: ${detail}`, file };
    }
    if (text.startsWith('\uFEFF')) text = text.slice(1);
    const layer = file.endsWith('.toml') ? parseTomlLayer(text, file) : parseJsonLayer(text, file);
    if (layer.kind === 'invalid') return { ...layer, file };
    layers.push(layer.layer);
    limits.push({ file, maxFileSize: layer.layer.maxFileSize });
    warnings.push(...layer.warnings);
  }
  const limited = limitConfig(layers.length === 0 ? DEFAULT_CONFIG : mergeLayers(layers), limits, userLimits(env));
  return { kind: 'ok', config: limited.config, warnings: [...warnings, ...limited.warnings] };
}

/** The message a one-shot command stops with for an invalid config: the file, then what is wrong. */
export function configErrorMessage(result: { readonly error: string; readonly file?: string }): string {
  return `${result.file ?? CONFIG_PATH}: ${result.error}`;
}

/** The scope a long-running process indexes by, with what to report about its config files. */
export interface LoadedScope {
  readonly scope: ProjectConfig;
  readonly warnings: readonly string[];
  /** Why the config files could not be used; `scope` is then the previous scope (or the defaults). */
  readonly error?: string;
}

/**
 * Reloads the scope of `root` from its config files. When one is invalid the `previous` scope is
 * kept (the defaults when there is none) and the error says which file is wrong and where.
 */
export async function loadScope(root: string, previous?: ProjectConfig): Promise<LoadedScope> {
  const result = await loadConfig(root);
  if (result.kind === 'ok') return { scope: result.config, warnings: result.warnings };
  return { scope: previous ?? DEFAULT_CONFIG, warnings: [], error: configErrorMessage(result) };
}
