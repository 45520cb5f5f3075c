/**
 * Rust items written inside macro bodies: the transcribers of `macro_rules!` and the token trees
 * of calls such as `cfg_if! { … }` or `serde_if_integer128! { … }`. The grammar reads those as
 * flat token trees, so the items are found by their keyword tokens (`fn name`, `struct Name`,
 * `impl … for Type { … }`, `macro_rules! name`), each spanning from its attributes and
 * visibility to its `{ … }` body or closing `;`. Names made of metavariables (`fn $name`) are
 * unknown until expansion and are left out; what they contain is still scanned.
 */
import type { Node } from 'web-tree-sitter';
import type { NodeKind } from '../../../model.js';
import { clip, type ExtractionBuilder } from '../builder.js';

const ITEM_KEYWORDS: Readonly<Record<string, NodeKind>> = {
  fn: 'function', struct: 'struct', enum: 'enum', union: 'union', trait: 'trait', mod: 'module',
  type: 'type_alias', const: 'constant', static: 'variable',
};

/** Tokens that may open an item before its keyword: attributes, visibility, qualifiers. */
const PREFIX: ReadonlySet<string> = new Set(['#', 'pub', 'unsafe', 'async', 'extern', 'default', 'const']);

/** What an item inside a macro body is recorded with. */
interface Found {
  readonly kind: NodeKind;
  readonly name: string;
  readonly start: Node;
  readonly end: Node;
  /** The `{ … }` token tree holding the item's own items, if any. */
  readonly body: Node | null;
  readonly exported: boolean;
  /** For an impl block: the type its items are qualified by. */
  readonly owner?: string;
}

/** A cheap test on the text that a token tree may hold an item at all. */
const MAY_HOLD_ITEMS = /\b(?:fn|struct|enum|union|trait|mod|impl|type|const|static|macro_rules)\b/;

/** Scans one token tree (a macro call's argument or a transcriber) for the items written in it. */
export function macroBodyItems(b: ExtractionBuilder, source: string, tree: Node): void {
  if (MAY_HOLD_ITEMS.test(source.slice(tree.startIndex, tree.endIndex))) scan(b, source, tree, '');
}

function scan(b: ExtractionBuilder, source: string, tree: Node, owner: string): void {
  const tokens = tree.children.filter((t): t is Node => t !== null && t.type !== 'line_comment' && t.type !== 'block_comment');
  let prefixStart = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Node;
    const type = t.type;
    // `const fn` opens a function; `const NAME` is an item of its own.
    if (PREFIX.has(type) && !(type === 'const' && tokens[i + 1]?.type === 'identifier')) {
      if (prefixStart < 0) prefixStart = i;
      // An attribute's `[…]`, `pub(crate)` and `extern "C"` belong to the prefix.
      const next = tokens[i + 1];
      if (next !== undefined && (next.type === 'token_tree' || next.type === 'string_literal') && type !== 'const') i++;
      continue;
    }
    const found = itemAt(tokens, i, prefixStart < 0 ? i : prefixStart);
    prefixStart = -1;
    if (found === undefined) {
      // `$( … )*` repeats what it holds, items included.
      if (type === 'token_tree' || type === 'token_repetition') scan(b, source, t, owner);
      continue;
    }
    record(b, source, found, owner);
    i = tokens.indexOf(found.end);
  }
}

function record(b: ExtractionBuilder, source: string, found: Found, owner: string): void {
  const inBlock = owner !== '';
  const kind: NodeKind = found.kind === 'function' && inBlock ? 'method' : found.kind;
  const headEnd = found.body?.startIndex ?? (found.kind === 'macro' ? found.end.startIndex : found.end.endIndex);
  const scope = b.symbolAt(b.current);
  // Items of a trait, and of an impl of one, are as visible as the trait.
  const public_ = found.exported || scope?.kind === 'trait' || (scope?.kind === 'impl' && scope.exported);
  const index = b.define(kind, found.name, found.start, {
    until: found.end,
    exported: public_,
    signature: clip(source.slice(found.start.startIndex, Math.min(headEnd, found.start.startIndex + 1000)).replace(/[\s{;]+$/u, ''), 200),
    ...(inBlock && found.kind !== 'impl' ? { qualifiedName: `${qualifier(b)}${owner}.${found.name}` } : {}),
  });
  if (found.body === null) return;
  const mark = b.depth;
  b.open(index);
  try {
    scan(b, source, found.body, found.owner ?? (found.kind === 'trait' ? found.name : ''));
  } finally {
    b.restore(mark);
  }
}

/** The qualified name of the scope an impl block sits in, with a trailing dot ('' at file level). */
function qualifier(b: ExtractionBuilder): string {
  let at = b.current;
  while (at >= 0 && b.symbolAt(at)?.kind === 'impl') at = b.symbolAt(at)?.parent ?? -1;
  const qn = at < 0 ? '' : (b.symbolAt(at)?.qualifiedName ?? '');
  return qn === '' ? '' : `${qn}.`;
}

/** The item whose keyword is `tokens[i]`, if it is one. */
function itemAt(tokens: readonly Node[], i: number, start: number): Found | undefined {
  const t = tokens[i] as Node;
  const exported = tokens.slice(start, i).some((p) => p.type === 'pub');
  if (t.type === 'identifier' && t.text === 'macro_rules' && tokens[i + 1]?.type === '!' && tokens[i + 2]?.type === 'identifier') {
    const body = tokens[i + 3];
    if (body?.type !== 'token_tree') return undefined;
    return { kind: 'macro', name: (tokens[i + 2] as Node).text, start: tokens[start] as Node, end: body, body: null, exported };
  }
  if (t.type === 'impl') return implAt(tokens, i, start);
  const kind = ITEM_KEYWORDS[t.type];
  const name = tokens[i + 1];
  if (kind === undefined || name?.type !== 'identifier') return undefined;
  const { end, body } = itemEnd(tokens, i + 2, kind === 'function' || kind === 'struct' || kind === 'enum' || kind === 'union' || kind === 'trait' || kind === 'module');
  if (end === undefined) return undefined;
  return { kind, name: name.text, start: tokens[start] as Node, end, body, exported };
}

/** Where an item ends: its `{ … }` token tree (when it may have one) or its closing `;`. */
function itemEnd(tokens: readonly Node[], from: number, braced: boolean): { end: Node | undefined; body: Node | null } {
  for (let j = from; j < tokens.length; j++) {
    const t = tokens[j] as Node;
    if (t.type === ';') return { end: t, body: null };
    if (braced && t.type === 'token_tree' && t.firstChild?.type === '{') {
      // `struct S { … }` ends at its body; a tuple struct's `( … )` is followed by `;`.
      return { end: t, body: t };
    }
    // A next item's keyword: this one had no end of its own (a fragment of a larger pattern).
    if (t.type === 'fn' || t.type === 'struct') return { end: undefined, body: null };
  }
  return { end: undefined, body: null };
}

/** `impl<…> Trait<…> for Type<…> where … { … }`: named as it reads, its items qualified by the type. */
function implAt(tokens: readonly Node[], i: number, start: number): Found | undefined {
  const names: string[] = [];
  let forAt = -1;
  let depth = 0;
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j] as Node;
    if (t.type === '<') depth++;
    else if (t.type === '>' && depth > 0) depth--;
    else if (depth === 0 && t.type === 'for') forAt = names.length;
    else if (depth === 0 && (t.type === 'identifier' || t.type === 'metavariable' || t.type === 'primitive_type')) names.push(t.text);
    else if (t.type === 'where' || (t.type === 'token_tree' && t.firstChild?.type === '{')) {
      const body = t.type === 'token_tree' ? t : tokens.slice(j).find((n) => n.type === 'token_tree' && n.firstChild?.type === '{');
      // A tuple or array type (`for ($($name,)+)`, `for [T; $len]`) is named as written.
      const type = forAt >= 0 ? (names[forAt] ?? typeText(tokens, i, j)) : names[names.length - 1];
      if (body === undefined || type === undefined) return undefined;
      const trait = forAt > 0 ? names[forAt - 1] : undefined;
      return { kind: 'impl', name: `impl ${trait !== undefined ? `${trait} for ` : ''}${type}`, start: tokens[start] as Node, end: body, body, exported: trait !== undefined, owner: type };
    } else if (t.type === ';') return undefined;
  }
  return undefined;
}

/** The text of the type after `for` in tokens (i, j) of an impl header, whitespace collapsed. */
function typeText(tokens: readonly Node[], i: number, j: number): string | undefined {
  const forToken = tokens.slice(i, j).findIndex((t) => t.type === 'for');
  const type = forToken < 0 ? undefined : tokens[i + forToken + 1];
  return type === undefined || forToken + 1 >= j - i ? undefined : clip(type.text, 60);
}
