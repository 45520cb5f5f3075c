/**
 * Plans what installing one agent in one scope touches: its MCP config, its instructions block,
 * the shared skill and (Claude Code) the prompt hook, as file operations on absolute paths.
 */
import { join } from 'node:path';
import type { AgentSpec } from './agents.js';
import { CODEX_TABLE, codexEntries, jsonEntry } from './entry.js';
import { composeOps, jsonEntryOp, markdownBlockOp, ownedFileOp, permissionsOp, promptHookOp, tomlTableOp, type FileOp } from './file-ops.js';
import { TOOL_ANNOTATIONS, TOOL_DEFINITIONS } from '../../tools/definitions.js';
import { SERVER_KEY } from './entry.js';
import { shellLine, type LaunchCommand } from '../../launch.js';
import { resolvePath, type PathContext } from './paths.js';
import { INSTRUCTIONS_BLOCK, SKILL_MARK, SKILL_MD, SKILL_PATH } from './skill.js';

/** User level (`--global`) or project level (`--local`). */
export type Scope = 'global' | 'local';

/** Which parts of an install a plan covers. */
export interface PlanParts {
  readonly config: boolean;
  readonly instructions: boolean;
  readonly promptHook: boolean;
  /** Claude Code's permission rules for the read-only tools. */
  readonly permissions: boolean;
}

/** The files of one agent and scope, or why the installer does not write them. */
export type TargetPlan =
  | { readonly kind: 'files'; readonly agent: AgentSpec; readonly scope: Scope; readonly ops: readonly FileOp[] }
  | { readonly kind: 'manual'; readonly agent: AgentSpec; readonly scope: Scope; readonly reason: string };

/** The plan for one agent and scope. */
export function planTarget(agent: AgentSpec, scope: Scope, context: PathContext, launch: LaunchCommand, parts: PlanParts): TargetPlan {
  const configRule = scope === 'global' ? agent.global : agent.local;
  if (parts.config && configRule === undefined) {
    const where = agent.manualLocation ?? `no ${scope === 'global' ? 'user' : 'project'}-level config file`;
    return { kind: 'manual', agent, scope, reason: `${agent.name}: ${where}` };
  }
  const ops: FileOp[] = [];
  if (parts.config && configRule !== undefined) ops.push(configOp(agent, resolvePath(configRule, context), launch));
  const instructions = scope === 'global' ? agent.instructions?.global : agent.instructions?.local;
  if (parts.instructions && instructions !== undefined) ops.push(markdownBlockOp(resolvePath(instructions, context), INSTRUCTIONS_BLOCK));
  if (parts.instructions && agent.skill === true && scope === 'local') ops.push(skillOp(context));
  if (agent.id === 'claude') {
    const settings = claudeSettingsPath(scope, context);
    const parts2 = [
      ...(parts.promptHook ? [promptHookOp(settings, hookCommand(launch))] : []),
      ...(parts.permissions ? [permissionsOp(settings, READ_ONLY_RULES)] : []),
    ];
    if (parts2.length > 0) ops.push(composeOps(parts2));
  }
  return { kind: 'files', agent, scope, ops };
}

/**
 * Claude Code's rules for the read-only tools of the `codegraph` server
 * (`mcp__codegraph__codegraph_explore` …): every tool, as every tool only reads (TOOL_ANNOTATIONS).
 */
export const READ_ONLY_RULES: readonly string[] = TOOL_ANNOTATIONS.readOnlyHint ? TOOL_DEFINITIONS.map((t) => `mcp__${SERVER_KEY}__${t.name}`) : [];

/** The shared skill file of a project. */
export function skillOp(context: PathContext): FileOp {
  return ownedFileOp(join(context.projectRoot, ...SKILL_PATH), 'skill', SKILL_MD, SKILL_MARK);
}

/** The command the prompt hook runs, through the same launcher as the server. */
export function hookCommand(launch: LaunchCommand): string {
  return shellLine(launch, ['prompt-hook']);
}

function claudeSettingsPath(scope: Scope, context: PathContext): string {
  return scope === 'global' ? join(context.home, '.claude', 'settings.json') : join(context.projectRoot, '.claude', 'settings.json');
}

function configOp(agent: AgentSpec, path: string, launch: LaunchCommand): FileOp {
  if (agent.shape === 'codex') return tomlTableOp(path, CODEX_TABLE, codexEntries(launch));
  const entry = jsonEntry(agent.shape, launch);
  if (entry === undefined) throw new Error(`${agent.id} has no JSON entry`);
  return jsonEntryOp(path, entry, agent.legacyKey);
}
