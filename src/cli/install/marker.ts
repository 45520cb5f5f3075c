/**
 * The mark on everything install writes, so that uninstall removes only what is ours and install
 * never replaces another tool's `codegraph` entry, hook, block or skill without `--force`.
 * Server entries carry it as an environment variable (every agent's entry has an environment
 * and passes unknown variables through harmlessly); hooks as a field of the hook; the
 * instructions block in its fence comments; the skill in a comment line.
 */

/** The value of every mark. */
export const MANAGED_BY = 'codegraph-wasm';

/** The environment variable of a server entry that marks it. */
export const MARK_VARIABLE = 'CODEGRAPH_MANAGED_BY';

/** The environment a marked server entry carries. */
export const MARK_ENV: Readonly<Record<string, string>> = { [MARK_VARIABLE]: MANAGED_BY };

/** The field of a hook object that marks it. */
export const HOOK_MARK_FIELD = 'managedBy';

/** Whether a server entry's value (any shape) carries the mark in its environment. */
export function isMarkedEntry(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return [record['env'], record['environment']].some((env) => typeof env === 'object' && env !== null && (env as Record<string, unknown>)[MARK_VARIABLE] === MANAGED_BY);
}

/** A not-ours entry was found where ours would go. */
export class ForeignEntryError extends Error {
  override readonly name = 'ForeignEntryError';
}

/** What a server entry runs, for messages: `codegraph serve --mcp`, or its URL. */
export function describeEntry(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  const command = record['command'];
  const args = Array.isArray(record['args']) ? record['args'].map(String) : [];
  if (Array.isArray(command)) return command.map(String).join(' ');
  if (typeof command === 'string') return [command, ...args].join(' ');
  if (typeof record['url'] === 'string') return record['url'];
  return JSON.stringify(value);
}
