/**
 * Vue single-file components: the `<script>` blocks are extracted as JavaScript or TypeScript
 * (by their `lang` attribute) and their positions shifted back into the `.vue` file; the template
 * and styles define no symbols.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractedImport, ExtractedRef, ExtractedSymbol, FileExtraction, SymbolStrings } from '../../../model.js';
import { countParseErrors } from '../builder.js';
import { unquote } from '../comments.js';

/** One `<script>` block's content and where it starts in the file. */
export interface ScriptBlock {
  readonly language: 'javascript' | 'typescript' | 'tsx';
  readonly content: string;
  /** 0-based row and column of the content's first character. */
  readonly row: number;
  readonly column: number;
}

/** The script blocks of a parsed Vue file plus its own parse error count. */
export function vueScripts(root: Node): { blocks: ScriptBlock[]; parseErrors: number } {
  const blocks: ScriptBlock[] = [];
  for (const element of root.namedChildren) {
    if (element?.type !== 'script_element') continue;
    let language: ScriptBlock['language'] = 'javascript';
    const start = element.namedChildren.find((c) => c?.type === 'start_tag');
    for (const attr of start?.namedChildren ?? []) {
      if (attr?.type !== 'attribute') continue;
      const name = attr.namedChildren.find((c) => c?.type === 'attribute_name')?.text;
      const value = attr.namedChildren.find((c) => c?.type === 'quoted_attribute_value' || c?.type === 'attribute_value');
      if (name === 'lang' && value != null) {
        const lang = unquote(value.text);
        if (lang === 'ts') language = 'typescript';
        else if (lang === 'tsx') language = 'tsx';
      }
    }
    const raw = element.namedChildren.find((c) => c?.type === 'raw_text');
    if (raw == null) continue;
    blocks.push({ language, content: raw.text, row: raw.startPosition.row, column: raw.startPosition.column });
  }
  return { blocks, parseErrors: countParseErrors(root) };
}

/** Merges per-block extractions into one for the `.vue` file, shifting lines back into place. */
export function mergeVueBlocks(
  parts: readonly { readonly block: ScriptBlock; readonly extraction: FileExtraction }[],
  parseErrors: number, isTest: boolean,
): FileExtraction {
  const symbols: ExtractedSymbol[] = [];
  const refs: ExtractedRef[] = [];
  const imports: ExtractedImport[] = [];
  const strings: SymbolStrings[] = [];
  let errors = parseErrors;
  for (const { block, extraction } of parts) {
    const base = symbols.length;
    const col = (line: number, c: number): number => (line === 1 ? c + block.column : c);
    for (const s of extraction.symbols) {
      symbols.push({
        ...s,
        startLine: s.startLine + block.row, startCol: col(s.startLine, s.startCol),
        endLine: s.endLine + block.row, endCol: col(s.endLine, s.endCol),
        parent: s.parent < 0 ? -1 : s.parent + base,
      });
    }
    for (const r of extraction.refs) {
      refs.push({ ...r, from: r.from < 0 ? -1 : r.from + base, line: r.line + block.row, col: col(r.line, r.col) });
    }
    for (const i of extraction.imports) imports.push({ ...i, line: i.line + block.row });
    for (const t of extraction.strings ?? []) strings.push({ ...t, from: t.from + base });
    errors += extraction.parseErrors;
  }
  return { language: 'vue', symbols, refs, imports, ...(strings.length === 0 ? {} : { strings }), parseErrors: errors, isTest };
}
