import { LANGUAGES } from '../index/languages.js';

/** Display names of the languages the index extracts symbols from, from the language table. */
export const SUPPORTED_LANGUAGE_NAMES: readonly string[] = Object.values(LANGUAGES).map((l) => l.displayName);

/** What each tool is for, in the words the guide uses after "Use codegraph_x". */
const PURPOSES: Readonly<Record<string, string>> = {
  codegraph_node: 'to read one symbol or file precisely',
  codegraph_search: 'to find symbols by name',
  codegraph_callers: 'to see who depends on something',
  codegraph_callees: 'to see what something calls',
  codegraph_impact: 'to see everything a change reaches',
  codegraph_files: 'to see the indexed files',
  codegraph_status: 'to see what the index holds',
  codegraph_check: 'to find import cycles',
  codegraph_export: 'to get the whole graph as JSON',
};

/**
 * The guide sent as `instructions` in `initialize` and `server/discover`. It names only the tools
 * in `listed` (full names, as `tools/list` shows them): many clients can call nothing else.
 */
export function instructionsFor(listed: readonly string[]): string {
  const uses = listed.filter((name) => name in PURPOSES).map((name) => `${name} ${PURPOSES[name] ?? ''}`);
  return [
    'codegraph answers questions about this codebase from a prebuilt symbol graph.',
    ...(listed.includes('codegraph_explore')
      ? ['Call codegraph_explore first with the question in plain words, identifiers, file paths or file:line anchors; it returns the relevant source, call paths and blast radius in one bounded answer.']
      : []),
    ...(uses.length === 0 ? [] : [`Use ${joinWords(uses)}.`]),
    'Source shown is the current file content; a warning banner names any file edited since the last index sync.',
    `Languages: ${SUPPORTED_LANGUAGE_NAMES.join(', ')}.`,
  ].join(' ');
}

/** `a`, `a and b`, `a, b, and c`. */
function joinWords(words: readonly string[]): string {
  if (words.length <= 2) return words.join(' and ');
  return `${words.slice(0, -1).join(', ')}, and ${words[words.length - 1] ?? ''}`;
}
