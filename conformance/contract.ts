import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
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

/** `_meta` that makes a request modern (2026-07-28) with no client capabilities. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
} as const;

/** The contract's tool listings per state, and its era matrix. */
export const TOOLS_DOC = readContract('tools.json') as { tools: ContractTool[]; states: ContractState[] };
export const ERAS_DOC = readContract('eras.json') as { cases: EraCase[] };

/** Folders the listing states run in: a scratch folder holding one that counts as indexed and one that does not; removed after the suite. */
export function listingFolders(prefix: string): { readonly scratch: string; readonly indexedProject: string; readonly plainFolder: string } {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const indexedProject = join(scratch, 'indexed');
  const plainFolder = join(scratch, 'plain');
  mkdirSync(join(indexedProject, '.codegraph'), { recursive: true });
  // Listing only needs the project to count as indexed; nothing here reads the database.
  writeFileSync(join(indexedProject, '.codegraph', 'codegraph.db'), '');
  mkdirSync(plainFolder);
  after(() => rmSync(scratch, { recursive: true, force: true }));
  return { scratch, indexedProject, plainFolder };
}

/** The failure text of a contract diff: what differs, and the two ways to settle it. */
export function contractMismatch(lines: readonly string[], what: string): string {
  return `${what} differs from protocol/ (expected = contract, got = live server):\n  ${lines.join('\n  ')}\n` +
    'Either fix the server or, if the change is intended, update the contract in protocol/ in the same commit.';
}
