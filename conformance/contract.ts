import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The protocol/ folder, found from the compiled location (dist/conformance/ -> protocol/). */
export const PROTOCOL_DIR = fileURLToPath(new URL('../../protocol/', import.meta.url));

/** A tool as the contract declares it. */
export interface ContractTool {
  readonly name: string;
  readonly inputSchema: { readonly type: 'object'; readonly properties: Record<string, unknown>; readonly required?: readonly string[] };
  readonly [key: string]: unknown;
}

/** One listing state of tools.json. */
export interface ContractState {
  readonly id: string;
  readonly description: string;
  readonly env: Readonly<Record<string, string>>;
  readonly defaultProject: boolean;
  readonly listed: readonly string[];
  readonly requiredAdded?: string;
  readonly stderrMentions?: readonly string[];
}

/** One case of eras.json. */
export interface EraCase {
  readonly id: string;
  readonly description: string;
  readonly specRef: string;
  readonly open: { readonly initialize: string } | null;
  readonly request: { readonly method: string; readonly params?: unknown };
  readonly expect: {
    readonly served?: 'legacy' | 'modern';
    readonly result?: Record<string, unknown>;
    readonly exactResult?: boolean;
    readonly resultKeys?: readonly string[];
    readonly absentKeys?: readonly string[];
    readonly textStartsWith?: string;
    readonly error?: { readonly code: number; readonly data?: unknown };
  };
}

/** Reads and parses one contract file. */
export function readContract(name: 'tools.json' | 'eras.json' | 'errors.json' | 'contract.schema.json'): unknown {
  return JSON.parse(readFileSync(`${PROTOCOL_DIR}${name}`, 'utf8'));
}

/** The exact `tools/list` entries the contract demands in `state`. */
export function expectedListing(tools: readonly ContractTool[], state: ContractState): ContractTool[] {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return state.listed.map((name) => {
    const tool = byName.get(name);
    if (tool === undefined) throw new Error(`state ${state.id} lists ${name}, which tools.json does not define`);
    if (state.requiredAdded === undefined) return tool;
    const required = [...(tool.inputSchema.required ?? []), state.requiredAdded];
    return { ...tool, inputSchema: { ...tool.inputSchema, required } };
  });
}
