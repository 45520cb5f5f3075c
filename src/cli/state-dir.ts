import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder for codegraph's per-user state: `CODEGRAPH_STATE_DIR` when set (tests use a
 * temporary folder), else `$XDG_STATE_HOME/codegraph`, else `~/.local/state/codegraph`.
 */
export function stateDir(env: NodeJS.ProcessEnv): string {
  const override = env['CODEGRAPH_STATE_DIR'];
  if (override !== undefined && override !== '') return override;
  const xdg = env['XDG_STATE_HOME'];
  return join(xdg !== undefined && xdg !== '' ? xdg : join(homedir(), '.local', 'state'), 'codegraph');
}
