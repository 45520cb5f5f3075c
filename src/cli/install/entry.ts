/**
 * The server entry each config shape holds: where in the file it goes and what it says, plus the
 * snippet `--print-config` shows. One place decides the bytes, so install, uninstall, print and
 * the docs agree.
 */
import type { EntryShape } from './agents.js';
import { layoutOf, renderValue } from './jsonc-edit.js';
import type { JsonValue } from './jsonc.js';
import type { LaunchCommand } from '../../launch.js';
import { MARK_ENV, MANAGED_BY, MARK_VARIABLE } from './marker.js';
import { tomlValue } from './toml-table.js';

/** The key every entry is written under. */
export const SERVER_KEY = 'codegraph';

/** A JSON entry: its key path from the root, its value and any comment lines written after it. */
export interface JsonEntry {
  readonly path: readonly string[];
  readonly value: JsonValue;
  readonly trailing: readonly string[];
}

/** The TOML table Codex reads. */
export const CODEX_TABLE = `mcp_servers.${SERVER_KEY}`;

/**
 * The commented HTTP alternative written after Zed's stdio entry: Zed runs context servers on the
 * local machine even for a remote (SSH) project, so there the server must be reached over HTTP.
 */
export const ZED_HTTP_LINES: readonly string[] = [
  '// RECOMMENDED for remote (SSH) projects: Zed starts context servers on the local machine, so run',
  '// `codegraph serve --http --detach --path /abs/path/to/project` on the remote host, forward the',
  '// port (`ssh -N -L 8111:127.0.0.1:8111 <host>`) and use this entry instead of the one above:',
  '// "codegraph": {',
  '//   "url": "http://localhost:8111/mcp"',
  '// },',
];

/** The subcommand every entry starts: the stdio MCP server. */
export const SERVE_ARGS: readonly string[] = ['serve', '--mcp'];

/** The JSON entry of a shape (undefined for TOML and YAML shapes), running `launch serve --mcp`. */
export function jsonEntry(shape: EntryShape, launch: LaunchCommand): JsonEntry | undefined {
  const args = [...launch.args, ...SERVE_ARGS];
  const env = { ...MARK_ENV };
  switch (shape) {
    case 'mcpServers':
      return { path: ['mcpServers', SERVER_KEY], value: { command: launch.command, args, env }, trailing: [] };
    case 'claude':
      return { path: ['mcpServers', SERVER_KEY], value: { type: 'stdio', command: launch.command, args, env }, trailing: [] };
    case 'copilot-cli':
      return { path: ['mcpServers', SERVER_KEY], value: { type: 'local', command: launch.command, args, tools: ['*'], env }, trailing: [] };
    case 'vscode':
      return { path: ['servers', SERVER_KEY], value: { type: 'stdio', command: launch.command, args, env }, trailing: [] };
    case 'opencode':
      return { path: ['mcp', SERVER_KEY], value: { type: 'local', command: [launch.command, ...args], enabled: true, environment: env }, trailing: [] };
    case 'zed':
      return { path: ['context_servers', SERVER_KEY], value: { command: launch.command, args, env }, trailing: ZED_HTTP_LINES };
    case 'codex':
    case 'hermes':
      return undefined;
  }
}

/** The Zed entry pinned to one project, as `codegraph init --target=zed` writes it. */
export function zedProjectEntry(launch: LaunchCommand, root: string): JsonEntry {
  return { path: ['context_servers', SERVER_KEY], value: { command: launch.command, args: [...launch.args, ...SERVE_ARGS, '--path', root], env: { ...MARK_ENV } }, trailing: ZED_HTTP_LINES };
}

/** The entries of Codex's table. */
export function codexEntries(launch: LaunchCommand): Record<string, readonly string[] | string | Readonly<Record<string, string>>> {
  return { command: launch.command, args: [...launch.args, ...SERVE_ARGS], env: { ...MARK_ENV } };
}

/** The complete snippet to paste for a shape, as `--print-config` prints it. */
export function snippet(shape: EntryShape, launch: LaunchCommand): string {
  if (shape === 'codex') {
    return `[${CODEX_TABLE}]\n${Object.entries(codexEntries(launch)).map(([k, v]) => `${k} = ${tomlValue(v)}`).join('\n')}\n`;
  }
  if (shape === 'hermes') {
    const args = [...launch.args, ...SERVE_ARGS];
    return `mcp_servers:\n  ${SERVER_KEY}:\n    command: ${JSON.stringify(launch.command)}\n    args: [${args.map((a) => JSON.stringify(a)).join(', ')}]\n    env:\n      ${MARK_VARIABLE}: ${JSON.stringify(MANAGED_BY)}\n`;
  }
  const entry = jsonEntry(shape, launch);
  if (entry === undefined) return '';
  return documentText(entry);
}

/** A whole document holding just `entry`, laid out with two spaces. */
export function documentText(entry: JsonEntry): string {
  const layout = layoutOf('', undefined);
  const [first, ...rest] = entry.path;
  const inner = rest.reduceRight<JsonValue>((v, k) => ({ [k]: v }), entry.value);
  const body = renderValue(inner, layout.unit, layout);
  const comments = entry.trailing.map((l) => `\n${layout.unit.repeat(2)}${l}`).join('');
  if (comments === '') return `{\n${layout.unit}${JSON.stringify(first)}: ${body}\n}\n`;
  // The comments go inside the innermost object, after the entry.
  const close = body.lastIndexOf('\n');
  return `{\n${layout.unit}${JSON.stringify(first)}: ${body.slice(0, close)}${comments}${body.slice(close)}\n}\n`;
}
