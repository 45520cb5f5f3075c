import { LANGUAGES } from '../index/languages.js';

/** Display names of the languages the index extracts symbols from, from the language table. */
export const SUPPORTED_LANGUAGE_NAMES: readonly string[] = Object.values(LANGUAGES).map((l) => l.displayName);

/** The guide sent as `instructions` in `initialize` and `server/discover`. */
export const INSTRUCTIONS = [
  'codegraph answers questions about this codebase from a prebuilt symbol graph.',
  'Call codegraph_explore first with the question in plain words, identifiers, file paths or file:line anchors; it returns the relevant source, call paths and blast radius in one bounded answer.',
  'Use codegraph_node to read one symbol or file precisely, codegraph_search to find symbols by name, and codegraph_callers to see who depends on something.',
  'More tools (callees, impact, files, status, check, export) are callable even when not listed.',
  'Source shown is the current file content; a warning banner names any file edited since the last index sync.',
  `Languages: ${SUPPORTED_LANGUAGE_NAMES.join(', ')}.`,
].join(' ');
