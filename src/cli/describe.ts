import { instructionsFor } from '../mcp/instructions.js';
import { FALLBACK_REVISION, LEGACY_REVISIONS, MODERN_REVISION, SUPPORTED_REVISIONS } from '../mcp/revisions.js';
import { DEFAULT_LISTED, TOOL_DEFINITIONS } from '../tools/definitions.js';
import { listTools, selectListed } from '../tools/listing.js';
import { VERSION } from '../version.js';

/** The server's own view of its contract, as `codegraph describe --format json` prints it. */
export function describeServer(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const all = TOOL_DEFINITIONS.map((t) => t.short);
  const selection = selectListed(env['CODEGRAPH_MCP_TOOLS']);
  return {
    server: { name: 'codegraph', version: VERSION },
    revisions: {
      legacy: [...LEGACY_REVISIONS],
      modern: MODERN_REVISION,
      fallback: FALLBACK_REVISION,
      supported: [...SUPPORTED_REVISIONS],
    },
    capabilities: { tools: {} },
    instructions: instructionsFor(selection.shortNames.map((short) => `codegraph_${short}`)),
    tools: {
      defaultListed: [...DEFAULT_LISTED],
      listedNow: selection.shortNames,
      all: listTools(all, true),
      withoutDefaultProject: listTools(all, false),
    },
  };
}

/** Human-readable form of the same facts. */
export function describeText(env: NodeJS.ProcessEnv): string {
  const lines = [`codegraph ${VERSION}`, `revisions: ${SUPPORTED_REVISIONS.join(', ')} (initialize fallback ${FALLBACK_REVISION})`, 'tools:'];
  const listed = new Set(selectListed(env['CODEGRAPH_MCP_TOOLS']).shortNames);
  for (const t of TOOL_DEFINITIONS) lines.push(`  ${t.name}${listed.has(t.short) ? '  (listed)' : ''} — ${t.title}`);
  return `${lines.join('\n')}\n`;
}
