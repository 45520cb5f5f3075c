/**
 * Prints where every question target (and every hand-checked caller) resolves in its prepared
 * corpus, to review a question set: `node dist/test/eval/check-targets.js [corpus…]`. Exits 1
 * when a target or caller does not resolve.
 */
import { prepareEvalCorpus } from './corpora.js';
import { loadQuestionSets, resolveTargets } from './questions.js';

async function main(): Promise<number> {
  const sets = await loadQuestionSets();
  const only = process.argv.slice(2);
  let bad = 0;
  for (const [corpus, set] of sets) {
    if (only.length > 0 && !only.includes(corpus)) continue;
    const dir = await prepareEvalCorpus(corpus);
    const { resolved, problems } = await resolveTargets(set, dir);
    for (const q of set.questions) {
      process.stdout.write(`${q.id} [${q.kind}] ${q.query}\n`);
      for (const t of resolved.get(q.id) ?? []) {
        const where = t.headers.map((h) => `${h.line}: ${h.text.trim().slice(0, 90)}`).join(' | ');
        process.stdout.write(`    ${t.file} ${t.name} -> ${t.headers.length === 1 ? '' : `(${t.headers.length}) `}${where}\n`);
      }
      for (const c of q.callers ?? []) process.stdout.write(`    caller ${c.file} ${c.name}${c.within === undefined ? '' : ` within ${c.within}`}\n`);
    }
    for (const p of problems) process.stdout.write(`PROBLEM ${p}\n`);
    bad += problems.length;
  }
  return bad === 0 ? 0 : 1;
}

process.exitCode = await main();
