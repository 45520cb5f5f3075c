import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, clip, countParseErrors } from '../builder.js';
import { leadingComment, unquote } from '../comments.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { childOfType, shortText } from '../node-helpers.js';

const TYPES: ReadonlySet<string> = new Set(['call']);
const DEFINERS: Readonly<Record<string, { kind: NodeKind; exported: boolean }>> = {
  def: { kind: 'function', exported: true },
  defp: { kind: 'function', exported: false },
  defmacro: { kind: 'macro', exported: true },
  defmacrop: { kind: 'macro', exported: false },
  defguard: { kind: 'macro', exported: true },
  defguardp: { kind: 'macro', exported: false },
  defdelegate: { kind: 'function', exported: true },
};
const MODULES = new Set(['defmodule', 'defprotocol', 'defimpl']);
const DIRECTIVES = new Set(['alias', 'import', 'use', 'require']);
/** Special forms and definition macros: calls in syntax, not references to project code. */
const SPECIAL = new Set([
  ...Object.keys(DEFINERS), ...MODULES, ...DIRECTIVES, 'if', 'unless', 'case', 'cond', 'with', 'for',
  'receive', 'try', 'quote', 'unquote', 'unquote_splicing', 'fn', 'defstruct', 'defexception',
  'defoverridable', 'super', '__MODULE__',
]);
/** Module attributes that are documentation or typespecs rather than constants. */
const META_ATTRIBUTES = new Set([
  'doc', 'moduledoc', 'typedoc', 'spec', 'type', 'typep', 'opaque', 'callback', 'macrocallback',
  'impl', 'behaviour', 'derive', 'enforce_keys', 'compile', 'dialyzer', 'deprecated', 'since',
  'external_resource', 'on_load', 'before_compile', 'after_compile', 'optional_callbacks',
]);
const isComment = (type: string): boolean => type === 'comment';
/** `@spec`/`@impl` lines may sit between a comment and the `def` it documents. */
const ATTRIBUTES: ReadonlySet<string> = new Set(['unary_operator']);

/**
 * Elixir: `defmodule` (qualified `Outer.Inner`, `@moduledoc` as docstring), `defprotocol`,
 * `def`/`defp`/`defmacro`/`defguard`/`defdelegate` (one symbol per function however many
 * clauses, `@doc` as docstring, `defp` not exported), module attributes as constants; remote
 * calls `Mod.fun()` with the module as receiver, local calls, `@behaviour` as implements, and
 * `alias`/`import`/`use`/`require` as imports.
 */
export const elixirExtractor: LanguageExtractor = {
  languages: ['elixir'],
  extract: extractElixir,
};

interface State {
  readonly b: ExtractionBuilder;
  readonly source: string;
  /** Clauses of one function share its symbol: qualified name -> index. */
  readonly functions: Map<string, number>;
  /** Where definition heads name their function, so the head is not mistaken for a call. */
  readonly heads: Set<number>;
}

function extractElixir(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  const st: State = { b, source, functions: new Map(), heads: new Set() };
  walk(tree.rootNode, b, TYPES, (node) => enter(st, node));
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

/** Every construct is a `call`; its target tells a definition, attribute, directive or call apart. */
function enter(st: State, node: Node): boolean | void {
  const b = st.b;
  const target = node.childForFieldName('target');
  if (target === null) return;
  if (target.type === 'identifier') {
    const name = target.text;
    if (node.parent?.type === 'unary_operator' && node.parent.firstChild?.type === '@') {
      attribute(st, node, name);
      return false;
    }
    if (MODULES.has(name)) return defineModule(st, node, name);
    if (DEFINERS[name] !== undefined) return defineFunction(st, node, name);
    if (DIRECTIVES.has(name)) {
      directive(b, node, name);
      return false;
    }
    if (!SPECIAL.has(name) && !st.heads.has(target.startIndex)) b.ref('calls', name, target);
    return;
  }
  if (target.type === 'dot') {
    const right = target.childForFieldName('right');
    const left = target.childForFieldName('left');
    if (right !== null && right.type === 'identifier') {
      b.ref('calls', right.text, right, left === null ? undefined : shortText(st.source, left));
    }
  }
  return;
}

/** `defmodule`/`defprotocol`/`defimpl` (`keyword` says which), qualified by enclosing modules. */
function defineModule(st: State, node: Node, keyword: string): void {
  const b = st.b;
  const args = childOfType(node, 'arguments');
  const alias = args?.firstNamedChild ?? null;
  if (alias === null || alias.type !== 'alias') return;
  const full = alias.text;
  const parentQn = b.currentQualifiedName;
  const block = childOfType(node, 'do_block');
  b.open(b.define(keyword === 'defprotocol' ? 'protocol' : 'module', full.slice(full.lastIndexOf('.') + 1), node, {
    exported: true,
    signature: clip(st.source.slice(node.startIndex, alias.endIndex), 200),
    docstring: block === null ? undefined : attributeString(block.firstNamedChild, 'moduledoc'),
    qualifiedName: parentQn === '' ? full : `${parentQn}.${full}`,
  }));
}

/** A `def`-like clause (`keyword` picks kind and visibility); later clauses reopen the first one's symbol. */
function defineFunction(st: State, node: Node, keyword: string): void {
  const b = st.b;
  const definer = DEFINERS[keyword];
  const head = childOfType(node, 'arguments')?.firstNamedChild ?? null;
  if (definer === undefined || head === null) return;
  const nameNode = functionName(head);
  if (nameNode === null) return;
  const name = nameNode.text;
  st.heads.add(nameNode.startIndex);
  const parentQn = b.currentQualifiedName;
  const qualifiedName = parentQn === '' ? name : `${parentQn}.${name}`;
  const existing = st.functions.get(qualifiedName);
  if (existing !== undefined) {
    b.open(existing);
    return;
  }
  const index = b.define(definer.kind, name, node, {
    exported: definer.exported,
    signature: clip(st.source.slice(node.startIndex, head.endIndex), 200),
    docstring: functionDoc(node) ?? leadingComment(node, isComment, ATTRIBUTES),
  });
  st.functions.set(qualifiedName, index);
  b.open(index);
}

/** `@name value`: a constant, or `@behaviour Mod` as an implements reference. */
function attribute(st: State, node: Node, name: string): void {
  const b = st.b;
  if (name === 'behaviour') {
    const mod = childOfType(node, 'arguments')?.firstNamedChild ?? null;
    if (mod !== null && mod.type === 'alias') refAlias(b, 'implements', mod);
    return;
  }
  if (META_ATTRIBUTES.has(name) || b.current < 0) return;
  const holder = node.parent ?? node;
  b.define('constant', name, holder, {
    exported: false,
    signature: clip(st.source.slice(holder.startIndex, holder.endIndex).split('\n')[0] ?? '', 200),
    docstring: leadingComment(holder, isComment),
  });
}

/** The name in a definition head: `pay(a, b)`, `pay`, `pay(a) when a > 0`. */
function functionName(head: Node): Node | null {
  let node: Node | null = head;
  if (node.type === 'binary_operator') node = node.childForFieldName('left');
  if (node === null) return null;
  if (node.type === 'identifier') return node;
  if (node.type === 'call') {
    const target = node.childForFieldName('target');
    return target !== null && target.type === 'identifier' ? target : null;
  }
  return null;
}

/** `alias A.{B, C}`, `alias A.B, as: X`, `import A, only: [f: 1]`, `use A`, `require A`. */
function directive(b: ExtractionBuilder, node: Node, keyword: string): void {
  const args = childOfType(node, 'arguments');
  const first = args?.firstNamedChild ?? null;
  if (args === null || first === null) return;
  const line = node.startPosition.row + 1;
  const options = childOfType(args, 'keywords');
  if (first.type === 'dot') {
    // `alias Billing.{Gateway, Mailer}`: one import per member of the braces.
    const base = first.childForFieldName('left')?.text ?? '';
    const group = first.childForFieldName('right');
    for (const member of group?.namedChildren ?? []) {
      if (member === null || member.type !== 'alias') continue;
      const module = base === '' ? member.text : `${base}.${member.text}`;
      b.addImport({ module, names: [], namespace: lastPart(member.text), reexport: false, line });
    }
    return;
  }
  if (first.type !== 'alias') return;
  const module = first.text;
  if (keyword === 'alias') {
    const as = keywordValue(options, 'as');
    b.addImport({ module, names: [], namespace: as?.text ?? lastPart(module), reexport: false, line });
  } else if (keyword === 'import') {
    const only = keywordValue(options, 'only');
    const names: { imported: string; local: string }[] = [];
    for (const pair of only?.type === 'list' ? (childOfType(only, 'keywords')?.namedChildren ?? []) : []) {
      const key = pair?.childForFieldName('key')?.text.replace(/:\s*$/u, '');
      if (key !== undefined) names.push({ imported: key, local: key });
    }
    b.addImport({ module, names: names.length > 0 ? names : [{ imported: '*', local: '*' }], reexport: false, line });
  } else {
    b.addImport({ module, names: [], reexport: false, line });
  }
}

function keywordValue(keywords: Node | null, key: string): Node | null {
  for (const pair of keywords?.namedChildren ?? []) {
    if (pair !== null && pair.childForFieldName('key')?.text.replace(/:\s*$/u, '') === key) return pair.childForFieldName('value');
  }
  return null;
}

function refAlias(b: ExtractionBuilder, kind: 'implements', alias: Node): void {
  const text = alias.text;
  const at = text.lastIndexOf('.');
  b.ref(kind, text.slice(at + 1), alias, at < 0 ? undefined : text.slice(0, at));
}

/** `@doc` above a definition, looking past `@spec`/`@impl` and other attributes in between. */
function functionDoc(node: Node): string | undefined {
  let prev = node.previousNamedSibling;
  for (let hops = 0; prev !== null && prev.type === 'unary_operator' && hops < 8; hops++) {
    const doc = attributeString(prev, 'doc');
    if (doc !== undefined) return doc;
    prev = prev.previousNamedSibling;
  }
  return undefined;
}

/** The string of `@doc "…"` / `@moduledoc """…"""` when `node` is that attribute. */
function attributeString(node: Node | null, name: string): string | undefined {
  if (node === null || node.type !== 'unary_operator') return undefined;
  const call = node.childForFieldName('operand');
  if (call === null || call.type !== 'call' || call.childForFieldName('target')?.text !== name) return undefined;
  const value = childOfType(call, 'arguments')?.firstNamedChild ?? null;
  if (value === null || value.type !== 'string') return undefined;
  const text = unquote(value.text).trim();
  return text === '' ? undefined : text;
}

function lastPart(module: string): string {
  return module.slice(module.lastIndexOf('.') + 1);
}

