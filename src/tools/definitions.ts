import type { ObjectSchema, PropertySchema } from './schema.js';

/** Hints every codegraph tool carries: they only read the index and the project's files. */
export const TOOL_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** A tool as this server defines it; `short` is the name used by CODEGRAPH_MCP_TOOLS. */
export interface ToolDefinition {
  readonly name: string;
  readonly short: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
}

/** Longest accepted free-text argument. */
export const MAX_STRING = 10_000;
/** Longest accepted path argument. */
export const MAX_PATH = 4_096;

const projectPath: PropertySchema = {
  type: 'string',
  description: 'Absolute path of an indexed project (a folder containing .codegraph/). Optional when the server has a default project.',
  maxLength: MAX_PATH,
};
const symbol: PropertySchema = {
  type: 'string',
  description: 'Symbol name or qualified name (Class.method, Engine::serve).',
  maxLength: MAX_STRING,
};
const fileFilter: PropertySchema = {
  type: 'string',
  description: 'Project-relative path or path suffix of the file that defines the symbol, to pick one of several same-named definitions.',
  maxLength: MAX_PATH,
};

function object(properties: Record<string, PropertySchema>, required: readonly string[] = []): ObjectSchema {
  return {
    type: 'object',
    properties: { ...properties, projectPath },
    ...(required.length > 0 ? { required } : {}),
  };
}

/** The ten tools, in the order `tools/list` shows them. */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'codegraph_explore',
    short: 'explore',
    title: 'Explore code for a question',
    description:
      'Start here. Answers a question about the code in one bounded call: the relevant symbols, their verbatim source grouped by file, the call paths between them and who depends on them. Accepts prose, identifiers, file paths and line anchors (src/app.ts:42-80).',
    inputSchema: object(
      {
        query: { type: 'string', description: 'A question, a bag of identifiers, file paths or file:line anchors.', maxLength: MAX_STRING },
        maxFiles: { type: 'number', description: 'How many files to show source from (1-20; default depends on project size).', minimum: 1, maximum: 20 },
        maxChars: { type: 'number', description: 'Hard ceiling on the answer size in characters (2000-60000; default depends on project size).', minimum: 2000, maximum: 60000 },
      },
      ['query'],
    ),
  },
  {
    name: 'codegraph_node',
    short: 'node',
    title: 'Read a symbol or file',
    description:
      'Shows one symbol (location, signature, doc, optional source, callers and callees) or, given a file, its numbered source lines. A precise alternative to reading a file: accepts src/app.ts:42, src/app.ts:42-80 and #L42-L80.',
    inputSchema: object({
      symbol: { ...symbol, description: 'Symbol name, qualified name or node id. Omit to read a file.' },
      file: { type: 'string', description: 'File path (or path:line, path:start-end, path#Lstart-Lend). With symbol, narrows to definitions in that file.', maxLength: MAX_PATH },
      line: { type: 'number', description: 'A line inside the wanted definition, to pin one overload.', minimum: 1 },
      includeCode: { type: 'boolean', description: 'Include the symbol\'s numbered source.', default: false },
      symbolsOnly: { type: 'boolean', description: 'File mode: list the file\'s symbols instead of its source.', default: false },
      offset: { type: 'number', description: 'File mode: first line to show (1-based).', minimum: 1 },
      limit: { type: 'number', description: 'File mode: number of lines to show (whole files are capped at 2000 lines).', minimum: 1, maximum: 2000 },
    }),
  },
  {
    name: 'codegraph_search',
    short: 'search',
    title: 'Search symbols',
    description:
      'Finds symbols by name, words or partial identifiers, ranked by relevance. Filters: kind, and kind:, lang:, path: inside the query.',
    inputSchema: object(
      {
        query: { type: 'string', description: 'Name, words or identifier fragments; may include kind:, lang:, path: filters.', maxLength: MAX_STRING },
        kind: {
          type: 'string',
          description: 'Only symbols of this kind.',
          enum: ['function', 'method', 'class', 'interface', 'type', 'variable', 'route', 'component'],
        },
        limit: { type: 'number', description: 'Maximum results (1-100).', minimum: 1, maximum: 100, default: 10 },
      },
      ['query'],
    ),
  },
  {
    name: 'codegraph_callers',
    short: 'callers',
    title: 'Who calls a symbol',
    description:
      'Lists the functions and methods that call or reference a symbol, one section per distinct definition when several share the name; a method\'s section also lists the callers of the interface or base method it implements or overrides.',
    inputSchema: object(
      {
        symbol,
        file: fileFilter,
        limit: { type: 'number', description: 'Maximum callers per definition (1-100).', minimum: 1, maximum: 100, default: 20 },
      },
      ['symbol'],
    ),
  },
  {
    name: 'codegraph_callees',
    short: 'callees',
    title: 'What a symbol calls',
    description: 'Lists what a function or method calls or references, one section per distinct definition.',
    inputSchema: object(
      {
        symbol,
        file: fileFilter,
        limit: { type: 'number', description: 'Maximum callees per definition (1-100).', minimum: 1, maximum: 100, default: 20 },
      },
      ['symbol'],
    ),
  },
  {
    name: 'codegraph_impact',
    short: 'impact',
    title: 'Blast radius of a change',
    description:
      'Everything that transitively depends on a symbol, grouped by file: what may break if it changes. Use before a refactor.',
    inputSchema: object(
      {
        symbol,
        file: fileFilter,
        depth: { type: 'number', description: 'How many dependency hops to follow (1-10).', minimum: 1, maximum: 10, default: 2 },
      },
      ['symbol'],
    ),
  },
  {
    name: 'codegraph_status',
    short: 'status',
    title: 'Index status',
    description: 'Summarizes the index: files, symbols, edges, languages, database size, diagnostics and files changed since the last sync.',
    inputSchema: object({}),
  },
  {
    name: 'codegraph_files',
    short: 'files',
    title: 'List indexed files',
    description: 'Lists indexed files under a folder as a tree, a flat list or grouped by language, with symbol counts.',
    inputSchema: object({
      path: { type: 'string', description: 'Folder prefix to list (project-relative).', maxLength: MAX_PATH },
      pattern: { type: 'string', description: 'Glob filter such as **/*.py or src/**/test_*.ts.', maxLength: MAX_PATH },
      format: { type: 'string', description: 'Output layout.', enum: ['tree', 'flat', 'grouped'], default: 'tree' },
      includeMetadata: { type: 'boolean', description: 'Show language and symbol count per file.', default: true },
      maxDepth: { type: 'number', description: 'Deepest folder level to show (1-20).', minimum: 1, maximum: 20 },
    }),
  },
  {
    name: 'codegraph_check',
    short: 'check',
    title: 'Find circular dependencies',
    description: 'Reports cycles between files in the dependency graph, each as an ordered path a -> b -> a.',
    inputSchema: object({}),
  },
  {
    name: 'codegraph_export',
    short: 'export',
    title: 'Export the graph',
    description: 'Exports the whole graph as NetworkX node-link JSON, with PageRank centrality and degrees per node.',
    inputSchema: object({}),
  },
];

/** Short names listed by default, in listing order. */
export const DEFAULT_LISTED: readonly string[] = ['explore', 'node', 'search', 'callers'];

/** Finds a definition by its full tool name. */
export function findTool(name: string): ToolDefinition | undefined {
  return TOOL_DEFINITIONS.find((t) => t.name === name);
}
