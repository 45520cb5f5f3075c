import { findIndexedProjectUp, isIndexed } from '../project/resolve.js';
import { TOOL_DEFINITIONS } from '../tools/definitions.js';
import { loadHandler } from '../tools/handlers.js';
import { validateArgs, type ToolArgs } from '../tools/schema.js';
import type { ToolOutput } from '../tools/service.js';
import { parseCommandArgs } from './args.js';
import { existingFolder } from './path-arg.js';
import { flagName, missingInput, positionalProperty, usageLine } from './tool-flags.js';
import { UsageError } from './usage.js';
import { visibleText } from '../tools/visible-text.js';


/**
 * Runs one query tool from the command line with the same validation and the same text as the
 * MCP tool; `--json` prints the structured form. Flags mirror the tool's input schema.
 */
export async function runToolCommand(short: string, argv: readonly string[], cwd: string): Promise<number> {
  const def = TOOL_DEFINITIONS.find((t) => t.short === short);
  if (def === undefined) throw new UsageError(`unknown command "${short}"`);
  // `-p`/`--project` selects the project; `--path` means the same unless the tool has its own
  // `path` input (codegraph files), which then takes the flag.
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    json: { type: 'boolean' },
    project: { type: 'string', short: 'p' },
  };
  const ownsPath = 'path' in def.inputSchema.properties;
  if (!ownsPath) options['path'] = { type: 'string' };
  const flagToProperty = new Map<string, string>();
  for (const [name, prop] of Object.entries(def.inputSchema.properties)) {
    if (name === 'projectPath') continue;
    const flag = flagName(name);
    flagToProperty.set(flag, name);
    options[flag] = { type: prop.type === 'boolean' ? 'boolean' : 'string' };
  }
  const parsed = parseCommandArgs(short, argv, options);
  const args: Record<string, unknown> = {};
  for (const [flag, property] of flagToProperty) {
    const value = parsed.values[flag];
    if (value === undefined) continue;
    const prop = def.inputSchema.properties[property];
    if (prop?.type === 'number' || prop?.type === 'integer') {
      const n = Number(value);
      if (!Number.isFinite(n)) throw new UsageError(`--${flag} must be a number (got "${String(value)}")`);
      args[property] = n;
    } else {
      args[property] = value;
    }
  }
  if (parsed.positionals.length > 0) {
    const target = positionalProperty(def);
    if (target === undefined) throw new UsageError(`${short} takes no positional arguments (got "${parsed.positionals.join(' ')}")`);
    if (args[target] !== undefined) throw new UsageError(`give the ${target} either as words or as --${flagName(target)}, not both`);
    args[target] = parsed.positionals.join(' ');
  }
  const missing = missingInput(def, args);
  if (missing !== undefined) {
    const how = missing === positionalProperty(def) ? `a ${missing} (words, or --${flagName(missing)})${short === 'node' ? ' or --file' : ''}` : `--${flagName(missing)}`;
    throw new UsageError(`${short} needs ${how}. Usage: ${usageLine(def)} (codegraph ${short} --help lists the flags)`);
  }
  const pathFlag = parsed.values['project'] ?? (ownsPath ? undefined : parsed.values['path']);
  const root = typeof pathFlag === 'string' ? existingFolder(cwd, pathFlag) : (findIndexedProjectUp(cwd) ?? cwd);
  if (!isIndexed(root)) throw new UsageError(`no index at ${root}; run \`codegraph init\` there first (or pass --path to an indexed project)`);
  const checked = validateArgs(def.inputSchema, args);
  if (checked.kind === 'invalid') throw new UsageError(checked.message.replace(/^(\w+)/, (m) => `--${flagName(m)}`));
  const output = (await (await import('./daemon-query.js')).callViaDaemon(root, def.name, checked.args, process.env)) ?? (await answerHere(short, root, checked.args));
  if (parsed.values['json'] === true) {
    process.stdout.write(`${JSON.stringify(output.json ?? { text: output.text, isError: output.isError === true })}\n`);
  } else {
    const text = visibleText(output.text);
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }
  return output.isError === true ? 1 : 0;
}

/**
 * Loads the index into this process and runs the tool on it (the store loads only on this path).
 * `status` first tries the snapshot saved beside the database, which spares loading it.
 */
async function answerHere(short: string, root: string, args: ToolArgs): Promise<ToolOutput> {
  if (short === 'status') {
    const quick = await (await import('../tools/lookup/status-tool.js')).statusFromSnapshot(root);
    if (quick !== undefined) return quick;
  }
  const handler = await loadHandler(short);
  const { IndexCache } = await import('../project/index-cache.js');
  const cache = new IndexCache();
  try {
    const index = await cache.get(root);
    if (index === undefined) throw new UsageError(`no index at ${root}; run \`codegraph init\` there first`);
    return await handler(args, index, { signal: new AbortController().signal, progress: () => {} });
  } finally {
    cache.close();
  }
}
