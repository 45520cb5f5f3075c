/** Finding a project's source files: config, ignore rules, globs, the walk and content decoding. */
export type { ConfigResult, LoadedScope, ProjectConfig } from './config.js';
export {
  CONFIG_FILES, CONFIG_PATH, DEFAULT_CONFIG, DEFAULT_MAX_FILE_SIZE, MAX_FILE_SIZE_CEILING, MAX_FILE_SIZE_ENV, ROOT_CONFIG_PATH, TOML_CONFIG_PATH,
  configErrorMessage, isControlFile, loadConfig, loadScope, parseConfig,
} from './config.js';
export { crateNameFor } from './cargo.js';
export { BINARY_SNIFF_BYTES, decodeSource, looksBinary } from './content.js';
export { IgnoreRules } from './gitignore.js';
export { compileGlob, compileGlobs } from './glob.js';
export type { ScanDiagnostic, ScannedFile, ScanOptions, ScanResult, SkipReason } from './walk.js';
export { ALWAYS_SKIPPED, HEAVY_DIRECTORIES, SKIP_REASONS, scanProject } from './walk.js';
export { skippedByMarks, ToolOutputFolders } from './marked-folders.js';
export { includeAdvice, outweighingIndex, skippedOutputFolders } from './output-folders.js';
export type { SkippedOutput } from './output-folders.js';
