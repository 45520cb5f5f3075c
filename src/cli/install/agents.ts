/**
 * The agents codegraph can register with, as data: where each keeps its MCP config (per scope),
 * the shape of the entry, where its instructions live, and which folders show it is installed.
 * A scope without a path is one whose location is not certain: `--print-config` serves it.
 */

/** A path rule: a base folder and the parts below it. The last part may list alternatives (first existing wins). */
export interface PathRule {
  /**
   * `home`: the home folder; `xdg`: $XDG_CONFIG_HOME, else ~/.config (%APPDATA% on Windows);
   * `appdata`: the platform's application-settings folder (~/.config, ~/Library/Application
   * Support, %APPDATA%); `codex`: $CODEX_HOME, else ~/.codex; `project`: the project root.
   */
  readonly base: 'home' | 'xdg' | 'appdata' | 'codex' | 'project';
  readonly parts: readonly (string | readonly string[])[];
}

/** How the server entry is written. */
export type EntryShape = 'mcpServers' | 'claude' | 'copilot-cli' | 'vscode' | 'opencode' | 'zed' | 'codex' | 'hermes';

/** One supported agent. */
export interface AgentSpec {
  /** The id used by `--target` and `--print-config`. */
  readonly id: string;
  readonly name: string;
  readonly shape: EntryShape;
  /** The user-level config file; absent when its location is not certain. */
  readonly global?: PathRule;
  /** The project-level config file; absent when the agent has none or it is not certain. */
  readonly local?: PathRule;
  /** Managed-block instruction files (AGENTS.md-style) per scope. */
  readonly instructions?: { readonly global?: PathRule; readonly local?: PathRule };
  /** Whether a local install also writes the shared skill `.agents/skills/codegraph/SKILL.md`. */
  readonly skill?: boolean;
  /** Folders (or files) whose presence in the home folder shows the agent is installed. */
  readonly detect: readonly PathRule[];
  /** The legacy key an older installer used, migrated to `codegraph` on install. */
  readonly legacyKey?: string;
  /** Where the config lives when the installer does not write it, for the printed snippet and the docs. */
  readonly manualLocation?: string;
}

const home = (...parts: PathRule['parts']): PathRule => ({ base: 'home', parts });
const xdg = (...parts: PathRule['parts']): PathRule => ({ base: 'xdg', parts });
const appdata = (...parts: PathRule['parts']): PathRule => ({ base: 'appdata', parts });
const project = (...parts: PathRule['parts']): PathRule => ({ base: 'project', parts });

/** Every supported agent, in the order the docs and prompts list them. */
export const AGENTS: readonly AgentSpec[] = [
  {
    id: 'claude',
    name: 'Claude Code',
    shape: 'claude',
    global: home('.claude.json'),
    local: project('.mcp.json'),
    instructions: { global: home('.claude', 'CLAUDE.md'), local: project('CLAUDE.md') },
    detect: [home('.claude'), home('.claude.json')],
  },
  { id: 'cursor', name: 'Cursor', shape: 'mcpServers', global: home('.cursor', 'mcp.json'), local: project('.cursor', 'mcp.json'), detect: [home('.cursor')] },
  {
    id: 'codex',
    name: 'Codex CLI',
    shape: 'codex',
    global: { base: 'codex', parts: ['config.toml'] },
    local: project('.codex', 'config.toml'),
    instructions: { global: { base: 'codex', parts: ['AGENTS.md'] }, local: project('AGENTS.md') },
    skill: true,
    detect: [{ base: 'codex', parts: [] }],
  },
  {
    id: 'opencode',
    name: 'opencode',
    shape: 'opencode',
    global: xdg('opencode', ['opencode.jsonc', 'opencode.json']),
    local: project(['opencode.jsonc', 'opencode.json']),
    detect: [xdg('opencode')],
  },
  { id: 'gemini', name: 'Gemini CLI', shape: 'mcpServers', global: home('.gemini', 'settings.json'), local: project('.gemini', 'settings.json'), detect: [home('.gemini', 'settings.json')] },
  { id: 'zed', name: 'Zed', shape: 'zed', global: xdg('zed', 'settings.json'), local: project('.zed', 'settings.json'), detect: [xdg('zed')] },
  {
    id: 'zuno',
    name: 'Zuno',
    shape: 'opencode',
    global: xdg('zuno', ['zuno.jsonc', 'zuno.json']),
    local: project('.zuno', ['zuno.jsonc', 'zuno.json']),
    instructions: { global: xdg('zuno', 'AGENTS.md'), local: project('AGENTS.md') },
    skill: true,
    detect: [xdg('zuno')],
    legacyKey: 'codegraph-mcp-server',
  },
  { id: 'kiro', name: 'Kiro', shape: 'mcpServers', global: home('.kiro', 'settings', 'mcp.json'), local: project('.kiro', 'settings', 'mcp.json'), detect: [home('.kiro')] },
  { id: 'vscode', name: 'VS Code (GitHub Copilot)', shape: 'vscode', global: appdata('Code', 'User', 'mcp.json'), local: project('.vscode', 'mcp.json'), detect: [appdata('Code', 'User')] },
  {
    id: 'copilot-cli',
    name: 'GitHub Copilot CLI',
    shape: 'copilot-cli',
    global: home('.copilot', 'mcp-config.json'),
    detect: [home('.copilot')],
    manualLocation: 'project level: not certain; use the global file',
  },
  {
    id: 'antigravity',
    name: 'Antigravity',
    shape: 'mcpServers',
    detect: [home('.gemini', 'antigravity')],
    manualLocation: 'the raw MCP config opened from Manage MCP Servers > View raw config (reported as ~/.gemini/antigravity/mcp_config.json, and as ~/.gemini/config/mcp_config.json by newer builds)',
  },
  {
    id: 'trae',
    name: 'Trae',
    shape: 'mcpServers',
    local: project('.trae', 'mcp.json'),
    detect: [appdata('Trae')],
    manualLocation: 'user level: Settings > MCP > Add > Add Manually (its mcp.json location differs between builds)',
  },
  { id: 'qoder', name: 'Qoder', shape: 'mcpServers', detect: [appdata('Qoder')], manualLocation: 'Qoder Settings > MCP > My Servers > + Add (opens the JSON to paste into)' },
  { id: 'hermes', name: 'Hermes Agent', shape: 'hermes', detect: [home('.hermes')], manualLocation: '~/.hermes/config.yaml, under mcp_servers (YAML, which this installer does not edit)' },
  {
    id: 'jetbrains',
    name: 'JetBrains IDEs (GitHub Copilot)',
    shape: 'vscode',
    detect: [xdg('github-copilot', 'intellij')],
    manualLocation: 'Copilot Chat > Agent mode > Tools icon > Add More Tools (opens its mcp.json)',
  },
];

/** The agent with this id. */
export function agentById(id: string): AgentSpec | undefined {
  return AGENTS.find((a) => a.id === id);
}

/** Every target id, for messages. */
export const TARGET_IDS: readonly string[] = AGENTS.map((a) => a.id);
