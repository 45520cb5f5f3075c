/**
 * The CLI's query commands through a running daemon of this version: the daemon holds the index
 * in memory, so the answer costs the query, not a load of the database. No daemon is started for
 * a one-shot query; without one the command loads the index itself.
 */
import { askRunningDaemon } from '../daemon/attach.js';
import { ControlMethod, type CallResult } from '../daemon/control.js';

/** The answer of `name` on `root` from its daemon; undefined when none of this version runs. */
export async function callViaDaemon(root: string, name: string, args: Readonly<Record<string, unknown>>, env: NodeJS.ProcessEnv): Promise<CallResult | undefined> {
  return (await askRunningDaemon(root, ControlMethod.call, { name, arguments: { ...args, projectPath: root } }, env)) as CallResult | undefined;
}
