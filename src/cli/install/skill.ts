/**
 * The instructions codegraph installs for agents: the managed block of AGENTS.md / CLAUDE.md
 * style files and the shared skill `.agents/skills/codegraph/SKILL.md`. Both tell an agent when
 * the graph answers faster than reading files, and which tool to reach for.
 */

/** The skill's path below the project root. */
export const SKILL_PATH: readonly string[] = ['.agents', 'skills', 'codegraph', 'SKILL.md'];

/** The body of the managed instructions block. */
export const INSTRUCTIONS_BLOCK = `## CodeGraph

This project has a CodeGraph index (\`.codegraph/\`): a graph of its symbols, calls, imports and
inheritance, served by the \`codegraph\` MCP server.

- Before reading files to understand how something works, call \`codegraph_explore\` with the
  question or the names involved; it returns the relevant source, already grouped by file.
- \`codegraph_search\` finds a symbol by name; \`codegraph_node\` shows one symbol (or a file,
  \`path:42-80\`) with its callers and callees; \`codegraph_callers\` answers "who uses this".
- From a shell, \`codegraph impact NAME\` answers "what breaks if I change it" and
  \`codegraph affected FILE...\` names the tests a change reaches.
- Source in tool answers is the current file content unless a drift banner names the file.
- If a tool says the project is not indexed, run \`codegraph init\` in the project root.
`;

/** The line that marks the skill as codegraph-wasm's (another tool's skill of that name lacks it). */
export const SKILL_MARK = '<!-- managed by codegraph-wasm: `codegraph uninstall` removes this file unless it was edited -->';

/** The skill file. */
export const SKILL_MD = `---
name: codegraph
description: Answer questions about this codebase's structure (where is X, how does Y work, who calls Z, what breaks if W changes) from the CodeGraph index instead of reading files one by one.
---
${SKILL_MARK}

# CodeGraph

Use the \`codegraph\` MCP tools when a task needs to know how code fits together.

1. Start with \`codegraph_explore\`: pass the question in plain words plus any names, paths or
   \`file:line\` anchors you already know. It returns the relevant symbols' source grouped by file,
   their callers, and the call flow between them, within a bounded size.
2. Narrow with \`codegraph_search\` (find a symbol by name or kind), \`codegraph_node\` (one symbol
   or a line range of a file, with its callers and callees) and \`codegraph_callers\`.
3. Trust the source the tools return: it is read from disk at answer time. A banner names any file
   that changed since the last index; \`codegraph sync\` refreshes the index.

From a shell the same tools are commands: \`codegraph explore "how does X work"\`,
\`codegraph callers parseArgs\`, \`codegraph impact Store.save\` (everything a change reaches),
\`codegraph affected src/store.ts\` (the tests it reaches). If no index exists, run
\`codegraph init\` in the project root first.
`;
