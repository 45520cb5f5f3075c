/**
 * Turns the agents table's path rules into absolute paths for one machine and project. The
 * environment is passed in, never read from `process`, so tests run against a temporary home.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PathRule } from './agents.js';

/** Where the home folder, the config folders and the project are. */
export interface PathContext {
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  readonly projectRoot: string;
}

/** The base folder of a rule. */
export function baseFolder(rule: PathRule, context: PathContext): string {
  const { env, home, platform } = context;
  const appData = env['APPDATA'] ?? join(home, 'AppData', 'Roaming');
  switch (rule.base) {
    case 'home':
      return home;
    case 'project':
      return context.projectRoot;
    case 'codex':
      return env['CODEX_HOME'] !== undefined && env['CODEX_HOME'] !== '' ? env['CODEX_HOME'] : join(home, '.codex');
    case 'xdg':
      if (platform === 'win32') return appData;
      return env['XDG_CONFIG_HOME'] !== undefined && env['XDG_CONFIG_HOME'] !== '' ? env['XDG_CONFIG_HOME'] : join(home, '.config');
    case 'appdata':
      if (platform === 'win32') return appData;
      if (platform === 'darwin') return join(home, 'Library', 'Application Support');
      return env['XDG_CONFIG_HOME'] !== undefined && env['XDG_CONFIG_HOME'] !== '' ? env['XDG_CONFIG_HOME'] : join(home, '.config');
  }
}

/** The absolute path of a rule; of alternatives, the first that exists, else the last. */
export function resolvePath(rule: PathRule, context: PathContext): string {
  let path = baseFolder(rule, context);
  for (const part of rule.parts) {
    if (typeof part === 'string') path = join(path, part);
    else {
      const options = part.map((p) => join(path, p));
      path = options.find((p) => existsSync(p)) ?? options[options.length - 1] ?? path;
    }
  }
  return path;
}
