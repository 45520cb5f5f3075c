/**
 * The fallback for grammars without a dedicated extractor: any node whose type reads like a
 * definition (`*_definition`, `*_declaration`, `*_item` …) and that has a short `name` field
 * becomes a symbol, and call-like nodes become `calls` refs. Coarse, but it makes every shipped
 * grammar searchable.
 */
import type { Language, Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment } from '../comments.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';

const DEFINITION = /(?:_definition|_declaration|_declarator|_item|_specifier|_statement|_def)$/;
const CALL = /^(?:call|call_expression|function_call|method_call|method_invocation|invocation_expression|macro_invocation|call_expr)$/;
const NOT_DEFINITIONS = /^(?:import|include|using|package|expression|return|if|for|while|do|switch|case|break|continue|try|throw|assert|export|variable|local_variable|use|extern|label|goto)_/;

const typeSets = new WeakMap<Language, ReadonlySet<string>>();

function interestingTypes(language: Language): ReadonlySet<string> {
  let set = typeSets.get(language);
  if (set === undefined) {
    const types = new Set<string>();
    for (const type of language.types) {
      if (type === undefined || type === '') continue;
      if ((DEFINITION.test(type) && !NOT_DEFINITIONS.test(type)) || CALL.test(type)) types.add(type);
    }
    set = types;
    typeSets.set(language, set);
  }
  return set;
}

/** Node-type words that name a kind, checked in order against the `_`-separated words of a type. */
const KIND_WORDS: readonly (readonly [NodeKind | 'callable', readonly string[]])[] = [
  ['class', ['class', 'object', 'contract', 'library', 'component']],
  ['struct', ['struct', 'record']],
  ['interface', ['interface', 'protocol', 'signature']],
  ['trait', ['trait']],
  ['enum', ['enum']],
  ['union', ['union']],
  ['namespace', ['namespace', 'package']],
  ['module', ['module']],
  ['constructor', ['constructor', 'init']],
  ['method', ['method']],
  ['callable', ['function', 'func', 'fn', 'fun', 'procedure', 'operator', 'def', 'defun', 'let', 'value', 'modifier', 'event']],
  ['type_alias', ['type', 'typedef']],
  ['macro', ['macro', 'defmacro']],
  ['constant', ['const', 'constant']],
  ['field', ['field', 'property', 'member']],
  ['variable', ['var', 'variable', 'state']],
];

/** Guesses a node kind from a definition node type; undefined means "not a definition". */
function kindFor(type: string, nested: boolean): NodeKind | undefined {
  const words = type.split('_');
  for (const [kind, names] of KIND_WORDS) {
    if (!names.some((n) => words.includes(n))) continue;
    if (kind === 'callable') return nested ? 'method' : 'function';
    return kind;
  }
  return undefined;
}

const CONTAINERS: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'interface', 'trait', 'enum', 'union', 'protocol']);
const isComment = (type: string): boolean => type.includes('comment');

/** A readable, single-token name from a `name` field, or '' when the field holds something else. */
function simpleName(node: Node | null): string {
  if (node === null || node.endIndex - node.startIndex > 80) return '';
  const text = node.text;
  return /^[\p{L}_$@][\p{L}\p{N}_$!?'.:-]*$/u.test(text) ? text : '';
}

function calleeName(node: Node): { name: string; receiver?: string } | undefined {
  const target = node.childForFieldName('function') ?? node.childForFieldName('name')
    ?? node.childForFieldName('method') ?? node.childForFieldName('macro') ?? node.namedChild(0);
  if (target === null || target.endIndex - target.startIndex > 120) return undefined;
  const text = target.text;
  const m = /^(?:(.*?)(?:\.|::|->|:))?([\p{L}_$][\p{L}\p{N}_$!?]*)$/u.exec(text);
  if (m === null || m[2] === undefined) return undefined;
  return m[1] !== undefined && m[1] !== '' ? { name: m[2], receiver: m[1] } : { name: m[2] };
}

/** Symbols from definition-looking nodes and calls from call-looking nodes, for any grammar. */
export const genericExtractor: LanguageExtractor = {
  languages: [],
  extract(tree: Tree, _source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    walk(tree.rootNode, b, interestingTypes(tree.language), (node, type) => {
      if (CALL.test(type)) {
        const callee = calleeName(node);
        if (callee !== undefined) b.ref('calls', callee.name, node, callee.receiver);
        return;
      }
      const parentKind = b.symbolAt(b.current)?.kind;
      const kind = kindFor(type, parentKind !== undefined && CONTAINERS.has(parentKind));
      if (kind === undefined) return;
      const name = simpleName(node.childForFieldName('name'));
      if (name === '') return;
      const body = node.childForFieldName('body');
      b.open(b.define(kind, name, node, {
        exported: !name.startsWith('_'),
        signature: headText(node, body),
        docstring: leadingComment(node, isComment),
      }));
      return;
    });
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};
