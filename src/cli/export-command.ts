import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { once } from 'node:events';
import { parseCommandArgs } from './args.js';
import { existingFolder } from './path-arg.js';
import { IndexCache } from '../project/index-cache.js';
import { findIndexedProjectUp, isIndexed } from '../project/resolve.js';
import { exportGraph } from '../tools/graph/export.js';
import { UsageError } from './usage.js';

/**
 * `codegraph export [--out FILE] [--no-centrality] [-p DIR]`: the whole graph as NetworkX
 * node-link JSON, streamed to a file or stdout (no size cap, unlike the MCP tool).
 */
export async function runExport(argv: readonly string[], cwd: string): Promise<number> {
  const { values } = parseCommandArgs('export', argv, { out: { type: 'string', short: 'o' }, 'no-centrality': { type: 'boolean' }, path: { type: 'string', short: 'p' } }, false);
  const pathFlag = values['path'];
  const root = typeof pathFlag === 'string' ? existingFolder(cwd, pathFlag) : (findIndexedProjectUp(cwd) ?? cwd);
  if (!isIndexed(root)) throw new UsageError(`no index at ${root}; run \`codegraph init\` there first (or pass --path)`);
  const cache = new IndexCache();
  try {
    const index = await cache.get(root);
    if (index === undefined) throw new UsageError(`no index at ${root}; run \`codegraph init\` there first`);
    const out = typeof values['out'] === 'string' ? createWriteStream(resolve(cwd, values['out'])) : process.stdout;
    const summary = await exportGraph(index, out, { centrality: values['no-centrality'] !== true });
    if (out !== process.stdout) {
      out.end();
      await once(out, 'finish');
      process.stderr.write(`codegraph: exported ${summary.nodes} nodes and ${summary.links} links to ${String(values['out'])}\n`);
    }
    return 0;
  } finally {
    cache.close();
  }
}
