/**
 * `codegraph install`, `uninstall`, `skill update`, `install --print-config` and the Zed entry of
 * `init --target=zed`: argument handling, target detection and the report printed per file.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseCommandArgs } from '../args.js';
import { existingFolder } from '../path-arg.js';
import { UsageError } from '../usage.js';
import { AGENTS, agentById, TARGET_IDS, type AgentSpec } from './agents.js';
import { installFile, uninstallFile, type FileOutcome } from './apply.js';
import { removeEmptyFolders } from './install-record.js';
import { documentText, SERVE_ARGS, snippet, zedProjectEntry } from './entry.js';
import { jsonEntryOp, markdownBlockOp, type FileOp } from './file-ops.js';
import { readText } from './file-write.js';
import { chooseLaunch, shellLine, type LaunchChoice, type LaunchCommand } from '../../launch.js';
import { stateDir } from '../state-dir.js';
import { checkHook, checkServer } from './verify-launch.js';
import { findBlock } from './markdown-block.js';
import { resolvePath, type PathContext } from './paths.js';
import { INSTRUCTIONS_BLOCK } from './skill.js';
import { hookCommand, planTarget, skillOp, type Scope } from './targets.js';

/** What the commands read and write: environment, folders and streams. */
export interface InstallIo {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  /** `process.argv[1]`, to tell an npx run from an installed one. */
  readonly script: string | undefined;
  /** `process.execPath`: the Node that runs this installation. */
  readonly execPath: string;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

interface Options {
  readonly targets: readonly AgentSpec[] | undefined;
  readonly scope: Scope;
  readonly yes: boolean;
  readonly promptHook: boolean;
  readonly printConfig: string | undefined;
  readonly context: PathContext;
  readonly launch: LaunchCommand;
  readonly choice: LaunchChoice;
  readonly force: boolean;
  readonly verify: boolean;
  /** Claude Code's permission rules for the read-only tools (`--no-permissions` leaves them out). */
  readonly permissions: boolean;
  readonly stateDir: string;
}

/** `codegraph install [--target=A,B] [--global|--local] [--yes] [--prompt-hook] [--print-config=A]`. */
export async function runInstall(argv: readonly string[], io: InstallIo): Promise<number> {
  const options = parseOptions('install', argv, io, true);
  if (options.printConfig !== undefined) return printConfig(options.printConfig, options, io);
  const targets = options.targets ?? (options.promptHook ? [agentById('claude') as AgentSpec] : await detectAndConfirm(options, io));
  if (targets === undefined) return 1;
  sayLaunch(options, io);
  let failed = false;
  let wroteHook = false;
  for (const agent of targets) {
    const plan = planTarget(agent, options.scope, options.context, options.launch, { config: true, instructions: true, promptHook: options.promptHook, permissions: options.permissions });
    if (plan.kind === 'manual') {
      io.stdout.write(`${agent.name}: not written automatically (${plan.reason.replace(`${agent.name}: `, '')}). Add this:\n${snippet(agent.shape, options.launch)}`);
      continue;
    }
    io.stdout.write(`${agent.name} (${options.scope === 'global' ? 'user level' : 'project level'}):\n`);
    for (const op of plan.ops) {
      wroteHook ||= op.what.includes('prompt hook');
      failed = report(await installFile(op, options.stateDir, options.force), options.context, io) || failed;
    }
  }
  if (options.verify) failed = !(await verifyWritten(options, wroteHook, io)) || failed;
  return failed ? 1 : 0;
}

/** `codegraph uninstall [--target=A,B] [--global|--local]`: removes only what install wrote. */
export async function runUninstall(argv: readonly string[], io: InstallIo): Promise<number> {
  const options = parseOptions('uninstall', argv, io, false);
  let failed = false;
  let touched = false;
  const folders: string[] = [];
  for (const agent of options.targets ?? AGENTS) {
    const plan = planTarget(agent, options.scope, options.context, options.launch, { config: agentHasConfig(agent, options.scope), instructions: true, promptHook: true, permissions: true });
    if (plan.kind === 'manual') continue;
    for (const op of plan.ops) {
      const outcome = await uninstallFile(op, options.stateDir);
      folders.push(...(outcome.createdFolders ?? []));
      if (outcome.status === 'absent' || outcome.status === 'unchanged') continue;
      touched = true;
      failed = report(outcome, options.context, io) || failed;
    }
  }
  // A folder made for two files (~/.claude for CLAUDE.md and settings.json) empties with the last.
  await removeEmptyFolders([...new Set(folders)].sort((a, b) => b.length - a.length));
  if (!touched) io.stdout.write(`Nothing of codegraph's was found in the ${options.scope === 'global' ? 'user' : 'project'}-level agent configs.\n`);
  return failed ? 1 : 0;
}

/** `codegraph skill update [--target=A,B] [--global|--local]`: refreshes managed blocks and skills that exist. */
export async function runSkillUpdate(argv: readonly string[], io: InstallIo): Promise<number> {
  const options = parseOptions('skill update', argv, io, false);
  const scopes: readonly Scope[] = argv.some((a) => a === '--global' || a === '--local') ? [options.scope] : ['global', 'local'];
  const ops = new Map<string, FileOp>();
  for (const agent of options.targets ?? AGENTS) {
    for (const scope of scopes) {
      const rule = scope === 'global' ? agent.instructions?.global : agent.instructions?.local;
      if (rule !== undefined) ops.set(resolvePath(rule, options.context), markdownBlockOp(resolvePath(rule, options.context), INSTRUCTIONS_BLOCK));
      if (agent.skill === true && scope === 'local') ops.set(skillOp(options.context).path, skillOp(options.context));
    }
  }
  let failed = false;
  let refreshed = 0;
  for (const op of ops.values()) {
    const text = await readText(op.path);
    if (text === undefined || (op.owned !== true && findBlock(text) === undefined)) continue;
    refreshed++;
    failed = report(await installFile(op, options.stateDir, false, false), options.context, io) || failed;
  }
  if (refreshed === 0) io.stdout.write('No CodeGraph instructions or skill found to refresh; run `codegraph install` first.\n');
  return failed ? 1 : 0;
}

/** Writes the project-level Zed entry pinned to `root` (`codegraph init --target=zed`). */
export async function runZedInit(root: string, io: InstallIo): Promise<number> {
  const context = pathContext(io, root);
  const op = jsonEntryOp(resolve(root, '.zed', 'settings.json'), zedProjectEntry(launchOf(io).launch, root));
  return report(await installFile(op, stateDir(io.env)), context, io) ? 1 : 0;
}

function agentHasConfig(agent: AgentSpec, scope: Scope): boolean {
  return (scope === 'global' ? agent.global : agent.local) !== undefined;
}

function printConfig(id: string, options: Options, io: InstallIo): number {
  const agent = agentById(id);
  if (agent === undefined) throw new UsageError(`unknown agent "${id}" for --print-config (known: ${TARGET_IDS.join(', ')})`);
  const rule = options.scope === 'global' ? agent.global : agent.local;
  const where = rule === undefined ? (agent.manualLocation ?? 'no file at this level') : display(resolvePath(rule, options.context), options.context);
  io.stderr.write(`codegraph: ${agent.name} (${options.scope === 'global' ? 'user level' : 'project level'}): ${where}\n`);
  io.stdout.write(agent.id === 'zed' && options.scope === 'local' ? documentText(zedProjectEntry(options.launch, options.context.projectRoot)) : snippet(agent.shape, options.launch));
  return 0;
}

async function detectAndConfirm(options: Options, io: InstallIo): Promise<readonly AgentSpec[] | undefined> {
  const found = AGENTS.filter((agent) => agent.detect.some((rule) => existsSync(resolvePath(rule, options.context))));
  if (found.length === 0) {
    io.stderr.write(`codegraph: no agent config folder found; choose agents with --target=${TARGET_IDS.join(',')}\n`);
    return undefined;
  }
  const names = found.map((a) => `${a.name} (${a.id})`).join(', ');
  if (options.yes) return found;
  if (io.stdin.isTTY !== true) {
    io.stderr.write(`codegraph: found ${names}. Run again with --yes to install for all of them, or pick with --target=…\n`);
    return undefined;
  }
  io.stderr.write(`Found ${names}.\nInstall codegraph for all of them? [y/N] `);
  const answer = await readLine(io.stdin);
  return /^y(es)?$/i.test(answer.trim()) ? found : undefined;
}

function readLine(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((done) => {
    let text = '';
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      if (text.includes('\n')) finish();
    };
    const finish = (): void => {
      input.off('data', onData);
      input.off('end', finish);
      input.pause();
      done(text.split('\n')[0] ?? '');
    };
    input.on('data', onData);
    input.on('end', finish);
  });
}

function parseOptions(command: string, argv: readonly string[], io: InstallIo, install: boolean): Options {
  const spec = { target: { type: 'string' }, global: { type: 'boolean' }, local: { type: 'boolean' }, path: { type: 'string', short: 'p' }, yes: { type: 'boolean', short: 'y' } } as const;
  const extra = install ? ({ 'prompt-hook': { type: 'boolean' }, 'print-config': { type: 'string' }, force: { type: 'boolean' }, 'no-verify': { type: 'boolean' }, 'no-permissions': { type: 'boolean' } } as const) : {};
  const values = parseCommandArgs(command, argv, { ...spec, ...extra }, false).values as Record<string, string | boolean | undefined>;
  if (values['global'] === true && values['local'] === true) throw new UsageError('choose one of --global and --local');
  const root = typeof values['path'] === 'string' ? existingFolder(io.cwd, values['path']) : resolve(io.cwd);
  const choice = launchOf(io);
  return {
    targets: typeof values['target'] === 'string' ? parseTargets(values['target']) : undefined,
    scope: values['local'] === true ? 'local' : 'global',
    yes: values['yes'] === true,
    promptHook: values['prompt-hook'] === true,
    printConfig: typeof values['print-config'] === 'string' ? values['print-config'] : undefined,
    context: pathContext(io, root),
    launch: choice.launch,
    choice,
    force: values['force'] === true,
    verify: values['no-verify'] !== true,
    permissions: values['no-permissions'] !== true,
    stateDir: stateDir(io.env),
  };
}

function parseTargets(list: string): readonly AgentSpec[] {
  const ids = list.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (ids.length === 0) throw new UsageError(`--target needs agent ids (known: ${TARGET_IDS.join(', ')})`);
  return ids.map((id) => {
    const agent = agentById(id);
    if (agent === undefined) throw new UsageError(`unknown agent "${id}" in --target (known: ${TARGET_IDS.join(', ')})`);
    return agent;
  });
}

function pathContext(io: InstallIo, projectRoot: string): PathContext {
  const home = io.env['HOME'] ?? io.env['USERPROFILE'] ?? homedir();
  return { home, env: io.env, platform: io.platform, projectRoot };
}

function launchOf(io: InstallIo): LaunchChoice {
  return chooseLaunch({ env: io.env, script: io.script, platform: io.platform, execPath: io.execPath });
}

/** Says which command the configs will run, and names another `codegraph` on PATH. */
function sayLaunch(options: Options, io: InstallIo): void {
  const line = shellLine(options.launch, ['serve', '--mcp']);
  if (options.choice.otherOnPath !== undefined) {
    io.stderr.write(`codegraph: another codegraph is first on PATH (${options.choice.otherOnPath}); the configs run this installation instead: ${line}\n`);
  }
  io.stdout.write(`Server command: ${line}\n`);
}

/** Starts what was written once; reports and returns false when it does not start. */
async function verifyWritten(options: Options, hook: boolean, io: InstallIo): Promise<boolean> {
  const server = await checkServer(options.launch, SERVE_ARGS, io.env);
  if (server.ok) io.stdout.write(`Checked: the server starts and answers initialize (${server.ms} ms).\n`);
  else io.stderr.write(`codegraph: the written server command does not start: ${server.reason}. Fix it (or reinstall with the command that works) before using it from an agent.\n`);
  if (!hook) return server.ok;
  const command = hookCommand(options.launch);
  const hookCheck = await checkHook(command, io.env);
  if (hookCheck.ok) io.stdout.write(`Checked: the prompt hook runs (${hookCheck.ms} ms).\n`);
  else io.stderr.write(`codegraph: the written prompt hook \`${command}\` fails: ${hookCheck.reason}; every prompt would run it.\n`);
  return server.ok && hookCheck.ok;
}

/** Prints one outcome; returns whether it was an error. */
function report(outcome: FileOutcome, context: PathContext, io: InstallIo): boolean {
  if (outcome.status === 'error') {
    io.stderr.write(`codegraph: ${outcome.message ?? outcome.path}\n`);
    return true;
  }
  const why = outcome.message === undefined ? '' : `: ${outcome.message}`;
  io.stdout.write(`  ${outcome.status.padEnd(9)} ${display(outcome.path, context)} (${outcome.what})${why}\n`);
  return false;
}

/** A path as printed: below the project as `./…`, below home as `~/…`. */
function display(path: string, context: PathContext): string {
  const inProject = relative(context.projectRoot, path);
  if (inProject !== '' && !inProject.startsWith('..') && !isAbsolute(inProject)) return `.${sep}${inProject}`;
  const inHome = relative(context.home, path);
  if (inHome !== '' && !inHome.startsWith('..') && !isAbsolute(inHome)) return `~${sep}${inHome}`;
  return path;
}
