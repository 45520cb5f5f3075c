/**
 * Where the built CLI lives and how end-to-end tests start it. Tests run the bundle the package
 * ships (dist/bundle/main.js, which starts its own bundled parse workers), found from this
 * module's compiled location (dist/test/support/) however the runner was invoked.
 */
import { fileURLToPath } from 'node:url';

/** Absolute path of the built CLI entry point. */
export const CLI_PATH = fileURLToPath(new URL('../../bundle/main.js', import.meta.url));

/** Arguments that start the MCP server over stdio, optionally pinned to a project; `cli` is the entry point run. */
export function serveArgs(path?: string, cli: string = CLI_PATH): string[] {
  return path === undefined ? [cli, 'serve', '--mcp'] : [cli, 'serve', '--mcp', '--path', path];
}

/**
 * An environment for a spawned server: the current one without any CODEGRAPH_* variable (so the
 * developer's own settings cannot change a test's outcome), plus `extra`.
 */
export function cliEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('CODEGRAPH_')) env[key] = value;
  }
  return { ...env, ...extra };
}

/**
 * The variable that makes Node read extra certificate authorities at every start, before any of
 * the program runs (about 90 ms on the machine of docs/benchmarks.md): benches that time whole
 * processes also time them without it.
 */
export const EXTRA_CA = 'NODE_EXTRA_CA_CERTS';

/** `env` without `names`. */
export function withoutVariables(env: Record<string, string>, names: readonly string[]): Record<string, string> {
  const out = { ...env };
  for (const name of names) delete out[name];
  return out;
}
