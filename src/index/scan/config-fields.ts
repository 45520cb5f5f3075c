/**
 * The config model (what to index) and the validation of one control file's fields. Each file is
 * a layer that sets some fields; layers merge in order, later ones winning. Keys are accepted in
 * today's spelling (`maxFileSize`) and the reference's (`max_file_size`), at the top level or in
 * an `indexing` table. Validation errors are values that name the key as written.
 */

/**
 * Files larger than this many bytes are skipped unless the user allows more (1 MiB; see
 * `user-limits.ts`: a repository's config can only lower it).
 */
export const DEFAULT_MAX_FILE_SIZE = 1_048_576;

/** A validated config with every default filled in. */
export interface ProjectConfig {
  /** Globs (see `compileGlob`); when present only files matching one of them are indexed. */
  readonly include?: readonly string[];
  /** Globs for files and directories never to index. */
  readonly exclude: readonly string[];
  /** Lower-case extension with its dot (`.mjs`) to language id; outranks the built-in mapping. */
  readonly extensions: Readonly<Record<string, string>>;
  /** Larger files are skipped with a `too-large` diagnostic; never above the user's limit once loaded. */
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

/** The fields one control file sets; an absent field keeps the value of the layers before it. */
export interface ConfigLayer {
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  readonly extensions?: Readonly<Record<string, string>>;
  readonly maxFileSize?: number;
  readonly respectGitignore?: boolean;
}

/** The outcome of validating one file's fields. */
export type LayerResult =
  | { readonly kind: 'ok'; readonly layer: ConfigLayer; readonly warnings: readonly string[] }
  | { readonly kind: 'invalid'; readonly error: string };

type Field = keyof ConfigLayer;

/** Every accepted spelling of every field. */
const SPELLINGS: Readonly<Record<string, Field>> = {
  include: 'include',
  exclude: 'exclude',
  extensions: 'extensions',
  maxFileSize: 'maxFileSize',
  max_file_size: 'maxFileSize',
  respectGitignore: 'respectGitignore',
  respect_gitignore: 'respectGitignore',
};

/** The table that groups the fields in the reference's files. */
const INDEXING_TABLE = 'indexing';

/** Fields in validation order: the first invalid one is the one reported. */
const FIELD_ORDER: readonly Field[] = ['include', 'exclude', 'maxFileSize', 'respectGitignore', 'extensions'];

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Whether `value` is a plain object (a JSON object or a TOML table). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates the fields of one control file (`file` names it in warnings). Unknown keys are
 * warned about and ignored, so older versions of the tool can read newer configs.
 */
export function readConfigLayer(raw: Readonly<Record<string, unknown>>, file: string): LayerResult {
  const warnings: string[] = [];
  const found = new Map<Field, { name: string; value: unknown }>();
  const collect = (table: Readonly<Record<string, unknown>>, prefix: string): void => {
    for (const [key, value] of Object.entries(table)) {
      const field = Object.hasOwn(SPELLINGS, key) ? SPELLINGS[key] : undefined;
      if (field !== undefined) found.set(field, { name: `${prefix}${key}`, value });
      else if (!(prefix === '' && key === INDEXING_TABLE)) warnings.push(`unknown key "${prefix}${key}" in ${file} is ignored`);
    }
  };
  collect(raw, '');
  const indexing = raw[INDEXING_TABLE];
  if (indexing !== undefined) {
    if (!isPlainObject(indexing)) return { kind: 'invalid', error: `${INDEXING_TABLE} must be a table of settings` };
    collect(indexing, `${INDEXING_TABLE}.`);
  }
  const layer: Record<string, unknown> = {};
  for (const field of FIELD_ORDER) {
    const entry = found.get(field);
    if (entry === undefined) continue;
    const checked = checkField(field, entry.name, entry.value, warnings);
    if (typeof checked === 'string') return { kind: 'invalid', error: checked };
    layer[field] = checked.value;
  }
  return { kind: 'ok', layer: layer as ConfigLayer, warnings };
}

/** The validated value of one field, or the error message naming the key as written. */
function checkField(field: Field, name: string, value: unknown, warnings: string[]): { value: unknown } | string {
  switch (field) {
    case 'include':
      if (!isStringArray(value)) return `${name} must be an array of strings`;
      if (value.length === 0) warnings.push(`${name} is an empty array, so no file will be indexed`);
      return { value };
    case 'exclude':
      return isStringArray(value) ? { value } : `${name} must be an array of strings`;
    case 'maxFileSize':
      return Number.isSafeInteger(value) && (value as number) > 0 ? { value } : `${name} must be a positive integer number of bytes`;
    case 'respectGitignore':
      return typeof value === 'boolean' ? { value } : `${name} must be a boolean`;
    case 'extensions':
      return checkExtensions(name, value);
  }
}

function checkExtensions(name: string, extensions: unknown): { value: Record<string, string> } | string {
  if (!isPlainObject(extensions)) return `${name} must be an object mapping extensions such as ".mjs" to language ids`;
  const mapped: [string, string][] = [];
  for (const [extension, language] of Object.entries(extensions)) {
    if (!/^\.[^./\\]+(\.[^./\\]+)*$/.test(extension)) {
      return `${name} key "${extension}" must be an extension starting with "." such as ".mjs"`;
    }
    if (typeof language !== 'string' || language === '') return `${name}["${extension}"] must be a non-empty language id string`;
    mapped.push([extension.toLowerCase(), language]);
  }
  // fromEntries defines own properties, so a key like "__proto__" cannot touch the prototype.
  return { value: Object.fromEntries(mapped) };
}

/**
 * The config of layers applied in order over the defaults: a later layer's field replaces an
 * earlier one's, except `extensions`, which merge extension by extension.
 */
export function mergeLayers(layers: readonly ConfigLayer[]): ProjectConfig {
  let include: readonly string[] | undefined;
  let exclude = DEFAULT_CONFIG.exclude;
  let extensions: [string, string][] = [];
  let maxFileSize = DEFAULT_CONFIG.maxFileSize;
  let respectGitignore = DEFAULT_CONFIG.respectGitignore;
  for (const layer of layers) {
    include = layer.include ?? include;
    exclude = layer.exclude ?? exclude;
    if (layer.extensions !== undefined) extensions = [...extensions, ...Object.entries(layer.extensions)];
    maxFileSize = layer.maxFileSize ?? maxFileSize;
    respectGitignore = layer.respectGitignore ?? respectGitignore;
  }
  return {
    ...(include === undefined ? {} : { include }),
    exclude,
    extensions: Object.fromEntries(extensions),
    maxFileSize,
    respectGitignore,
  };
}
