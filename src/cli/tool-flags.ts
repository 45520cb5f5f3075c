/** How a query tool's inputs are spelled on the command line: flags and the words without one. */
import type { ToolDefinition } from '../tools/definitions.js';

/** `--max-files` for `maxFiles`: flags are the kebab-case form of the schema's property names. */
export function flagName(property: string): string {
  return property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The property that positional words fill: the first required string, else a sensible default. */
export function positionalProperty(def: ToolDefinition): string | undefined {
  const required = def.inputSchema.required ?? [];
  for (const name of required) if (def.inputSchema.properties[name]?.type === 'string') return name;
  if (def.short === 'node') return 'symbol';
  if (def.short === 'files') return 'path';
  return undefined;
}

/** `codegraph <tool> --help`: the tool's description, then its words and flags with their descriptions. */
export function toolHelp(def: ToolDefinition): string {
  const words = positionalProperty(def);
  const ownsPath = 'path' in def.inputSchema.properties;
  const rows: [string, string][] = [];
  if (words !== undefined) rows.push([`${words}`, `${describe(def, words)} Words without a flag fill it.`]);
  for (const [name, prop] of Object.entries(def.inputSchema.properties)) {
    if (name === 'projectPath' || name === words) continue;
    const value = prop.type === 'boolean' ? '' : prop.type === 'string' ? ' TEXT' : ' N';
    rows.push([`--${flagName(name)}${value}`, describe(def, name)]);
  }
  rows.push([`-p, --project DIR${ownsPath ? '' : ' (or --path)'}`, 'The indexed project (default: the nearest folder above the working directory that holds .codegraph/).']);
  rows.push(['--json', 'Print the structured answer instead of the text.']);
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return `${usageLine(def)}\n\n${def.description}\n\n${rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`).join('\n')}\n`;
}

/** The first line of a tool's help: `codegraph explore [query words] [flags]`. */
export function usageLine(def: ToolDefinition): string {
  const words = positionalProperty(def);
  if (words === undefined) return `codegraph ${def.short} [flags]`;
  const needed = (def.inputSchema.required ?? []).includes(words);
  return `codegraph ${def.short} ${needed ? `<${words} words>` : `[${words} words]`} [flags]`;
}

/**
 * The input a command line left out that the tool cannot run without: a required property, or
 * for `node` both of its alternatives (a symbol or a file). Undefined when nothing is missing.
 */
export function missingInput(def: ToolDefinition, args: Readonly<Record<string, unknown>>): string | undefined {
  const missing = (def.inputSchema.required ?? []).find((name) => args[name] === undefined);
  if (missing !== undefined) return missing;
  if (def.short === 'node' && args['symbol'] === undefined && args['file'] === undefined) return 'symbol';
  return undefined;
}

function describe(def: ToolDefinition, name: string): string {
  const prop = def.inputSchema.properties[name];
  if (prop === undefined) return '';
  const fallback = prop.default === undefined ? '' : ` Default: ${String(prop.default)}.`;
  return `${prop.description}${fallback}`;
}
