/** codegraph_check: circular dependencies between files, each as an ordered path `a -> b -> a` (the reference's format). */
import { findCycles } from '../../graph/index.js';
import type { ToolHandler } from '../service.js';
import { OUTPUT_CAP, capText } from './text.js';

/** codegraph_check. */
export const checkHandler: ToolHandler = async (_args, index) => {
  const report = findCycles(index.store);
  const json = { tool: 'check', cycles: report.cycles, filesInCycles: report.filesInCycles, truncated: report.truncated };
  if (report.cycles.length === 0) return { text: 'No circular dependencies found\n', json };
  const n = report.cycles.length;
  const lines = [`Found ${n} circular dependenc${n === 1 ? 'y' : 'ies'}:`, ''];
  for (const cycle of report.cycles) lines.push(`- ${cycle.join(' -> ')}`);
  lines.push(
    '',
    report.truncated
      ? `${report.filesInCycles} files take part in cycles; the search stopped after ${n} cycles, so some of them are not shown.`
      : `${report.filesInCycles} files take part in cycles; each appears in at least one cycle above.`,
  );
  return { text: capText(`${lines.join('\n')}\n`, OUTPUT_CAP), json };
};
