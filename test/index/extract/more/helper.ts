import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { formatArity } from '../../../../src/index/arity.js';
import type { FileExtraction } from '../../../../src/model.js';
import type { LanguageExtractor } from '../../../../src/index/extract/types.js';

const require = createRequire(import.meta.url);
const languages = new Map<string, Promise<Language>>();
let ready: Promise<void> | undefined;

/** Loads (once) the bundled tree-sitter grammar for a language id such as `ruby`. */
export function loadGrammar(id: string): Promise<Language> {
  ready ??= Parser.init();
  let language = languages.get(id);
  if (language === undefined) {
    language = ready.then(() => Language.load(require.resolve(`tree-sitter-wasms/out/tree-sitter-${id}.wasm`)));
    languages.set(id, language);
  }
  return language;
}

/** Parses `source` with the grammar for `id` and runs `extractor`, freeing the tree and parser. */
export async function extractSource(
  extractor: LanguageExtractor, id: string, source: string, path = `input.${id}`,
): Promise<FileExtraction> {
  const language = await loadGrammar(id);
  const parser = new Parser();
  try {
    parser.setLanguage(language);
    // The same text the indexer parses: an extractor may mask idioms its grammar recovers badly from.
    const tree = parser.parse(extractor.prepare?.(source) ?? source);
    if (tree === null) throw new Error(`tree-sitter returned no tree for ${path}`);
    try {
      return extractor.extract(tree, source, path, id);
    } finally {
      tree.delete();
    }
  } finally {
    parser.delete();
  }
}

/**
 * Renders an extraction as stable, reviewable text: one line per symbol, reference and import, so
 * that a golden diff reads as a change in behaviour rather than in JSON layout.
 */
export function renderExtraction(result: FileExtraction): string {
  const out: string[] = [
    `language: ${result.language}`,
    `package: ${result.packageName ?? '-'}`,
    `parseErrors: ${result.parseErrors}`,
    `isTest: ${result.isTest}`,
    '',
    'symbols:',
  ];
  const qn = (index: number): string => (index < 0 ? '<file>' : (result.symbols[index]?.qualifiedName ?? `?${index}`));
  for (const s of result.symbols) {
    const parent = s.parent < 0 ? '' : ` in ${qn(s.parent)}`;
    const arity = s.arity !== undefined ? ` arity ${formatArity(s.arity)}` : '';
    out.push(`  ${s.kind} ${s.qualifiedName} L${s.startLine}-${s.endLine}${s.exported ? ' exported' : ''}${arity}${parent}`);
    if (s.name !== s.qualifiedName.slice(s.qualifiedName.lastIndexOf('.') + 1)) out.push(`    name: ${s.name}`);
    if (s.signature !== undefined) out.push(`    sig: ${s.signature}`);
    if (s.docstring !== undefined) {
      const head = s.docstring.split('\n')[0] ?? '';
      out.push(`    doc: ${head}${s.docstring.includes('\n') ? ' …' : ''}`);
    }
  }
  out.push('', 'refs:');
  for (const r of result.refs) {
    const target = r.receiver === undefined ? r.name : `${r.receiver} :: ${r.name}`;
    out.push(`  L${r.line} ${r.kind} ${target} from ${qn(r.from)}${r.args !== undefined ? ` (${r.args} args)` : ''}`);
  }
  out.push('', 'imports:');
  for (const i of result.imports) {
    const names = i.names.map((n) => (n.imported === n.local ? n.imported : `${n.imported} as ${n.local}`));
    const ns = i.namespace !== undefined ? ` namespace=${i.namespace}` : '';
    out.push(`  L${i.line} ${i.module}${names.length > 0 ? ` {${names.join(', ')}}` : ''}${ns}${i.reexport ? ' reexport' : ''}`);
  }
  return `${out.join('\n')}\n`;
}
