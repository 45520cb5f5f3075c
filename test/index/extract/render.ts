/**
 * A readable text rendering of a FileExtraction for golden files: one line per symbol, ref and
 * import, indented by nesting so that a reviewer can check it by eye.
 */
import { formatArity } from '../../../src/index/arity.js';
import type { FileExtraction } from '../../../src/model.js';

/** Renders `ex` as the golden `expected.txt` text. */
export function renderExtraction(ex: FileExtraction): string {
  const out: string[] = [];
  out.push(`language: ${ex.language}`);
  if (ex.packageName !== undefined) out.push(`package: ${ex.packageName}`);
  out.push(`parseErrors: ${ex.parseErrors}`, `isTest: ${ex.isTest}`, '', 'symbols:');
  const depth = (i: number): number => {
    let d = 0;
    for (let p = ex.symbols[i]?.parent ?? -1; p >= 0; p = ex.symbols[p]?.parent ?? -1) d++;
    return d;
  };
  ex.symbols.forEach((s, i) => {
    const flags = `${s.exported ? ' exported' : ''}${s.arity !== undefined ? ` arity ${formatArity(s.arity)}` : ''}${s.returns !== undefined ? ` returns ${s.returns}` : ''}`;
    out.push(`${'  '.repeat(depth(i) + 1)}${s.kind} ${s.qualifiedName} [${s.startLine}-${s.endLine}]${flags}`);
    if (s.signature !== undefined) out.push(`${'  '.repeat(depth(i) + 2)}sig: ${s.signature}`);
    if (s.docstring !== undefined) out.push(`${'  '.repeat(depth(i) + 2)}doc: ${JSON.stringify(s.docstring)}`);
  });
  out.push('', 'refs:');
  for (const r of ex.refs) {
    const from = r.from < 0 ? '<file>' : (ex.symbols[r.from]?.qualifiedName ?? `#${r.from}`);
    const target = r.receiver !== undefined ? `${r.receiver} :: ${r.name}` : r.name;
    const args = r.args !== undefined ? ` (${r.args} args)` : '';
    out.push(`  ${r.line}: ${r.kind} ${from} -> ${target}${args}`);
  }
  out.push('', 'imports:');
  for (const im of ex.imports) {
    const names = im.names.map((n) => (n.imported === n.local ? n.imported : `${n.imported} as ${n.local}`)).join(', ');
    const ns = im.namespace !== undefined ? ` as ${im.namespace}` : '';
    out.push(`  ${im.line}: ${im.reexport ? 'reexport' : 'import'} ${JSON.stringify(im.module)}${ns}${names !== '' ? ` {${names}}` : ''}`);
  }
  return `${out.join('\n')}\n`;
}
