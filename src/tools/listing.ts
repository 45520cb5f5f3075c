import type { ListedTool } from '../mcp/tool-service.js';
import { DEFAULT_LISTED, TOOL_ANNOTATIONS, TOOL_DEFINITIONS } from './definitions.js';

/** The listed short names chosen by CODEGRAPH_MCP_TOOLS, and the names it did not recognize. */
export interface ListedSelection {
  readonly shortNames: readonly string[];
  readonly unknown: readonly string[];
}

/**
 * Parses CODEGRAPH_MCP_TOOLS (comma-separated short names, or full `codegraph_x` names).
 * Unset or empty selects the default set. Unknown names are returned for a warning; they never
 * fail start-up. The result follows the canonical tool order, whatever order the variable used.
 */
export function selectListed(envValue: string | undefined): ListedSelection {
  if (envValue === undefined || envValue.trim() === '') return { shortNames: DEFAULT_LISTED, unknown: [] };
  const wanted = new Set<string>();
  const unknown: string[] = [];
  for (const raw of envValue.split(',')) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    const short = name.startsWith('codegraph_') ? name.slice('codegraph_'.length) : name;
    if (name === 'all' || name === '*') {
      for (const t of TOOL_DEFINITIONS) wanted.add(t.short);
    } else if (TOOL_DEFINITIONS.some((t) => t.short === short)) {
      wanted.add(short);
    } else {
      unknown.push(raw.trim());
    }
  }
  if (wanted.size === 0) return { shortNames: DEFAULT_LISTED, unknown };
  return { shortNames: TOOL_DEFINITIONS.filter((t) => wanted.has(t.short)).map((t) => t.short), unknown };
}

/**
 * The `tools/list` entries for a selection. Without a default project, `projectPath` joins every
 * tool's `required` so agents know to pass it.
 */
export function listTools(shortNames: readonly string[], hasDefaultProject: boolean): ListedTool[] {
  const out: ListedTool[] = [];
  for (const def of TOOL_DEFINITIONS) {
    if (!shortNames.includes(def.short)) continue;
    const required = [...(def.inputSchema.required ?? [])];
    if (!hasDefaultProject) required.push('projectPath');
    out.push({
      name: def.name,
      title: def.title,
      description: def.description,
      inputSchema: {
        type: 'object',
        properties: def.inputSchema.properties,
        ...(required.length > 0 ? { required } : {}),
      },
      annotations: TOOL_ANNOTATIONS,
    });
  }
  return out;
}
