/** Doc comment lookup shared by the extractors: the comment block right above a definition. */
import type { Node, Tree } from 'web-tree-sitter';
import { MAX_DOCSTRING } from './builder.js';

/** Most comment nodes looked at above one definition (a generated file may hold thousands). */
const MAX_COMMENT_NODES = 1000;

/** The source each tree being extracted was parsed from, so comment lookups can read text. */
const sources = new WeakMap<Tree, string>();

/**
 * Named children per parent node id, read once per parent while a tree is being extracted: the
 * runtime finds a node's previous sibling by walking its parent's children from the first, so
 * stepping back through a long run of comments one sibling at a time is quadratic in WASM calls.
 */
const siblingLists = new WeakMap<Tree, Map<number, { readonly nodes: Node[]; readonly index: Map<number, number> }>>();

/**
 * The last anchor's doc comment: the declarators of one declaration ask for its comment one after
 * another, and reading a 1 MB comment once per declarator of 2,000 took minutes.
 */
let lastDoc: {
  readonly anchor: Node; readonly transparent: ReadonlySet<string> | undefined; readonly options: CommentOptions; readonly doc: string | undefined;
} | undefined;

/** How far `leadingComment` looks (see there). */
export interface CommentOptions {
  readonly transparentEndsLikeCode?: boolean;
  readonly detachedDocBlock?: boolean;
}

/** The options of a language whose doc blocks reach across blank lines (JavaScript, TypeScript, Java, PHP). */
export const DOC_BLOCKS: CommentOptions = { detachedDocBlock: true };

/** Runs `fn` with `source` known as the text of `tree` (for `leadingComment`'s quick check). */
export function withSourceText<T>(tree: Tree, source: string, fn: () => T): T {
  sources.set(tree, source);
  siblingLists.set(tree, new Map());
  try {
    return fn();
  } finally {
    sources.delete(tree);
    siblingLists.delete(tree);
    lastDoc = undefined;
  }
}

/** The named siblings before `node`, nearest first, as a lazy walk. */
function* namedSiblingsBefore(node: Node): Generator<Node> {
  const cached = cachedSiblings(node);
  if (cached === undefined) {
    for (let s = node.previousNamedSibling; s !== null; s = s.previousNamedSibling) yield s;
    return;
  }
  for (let i = cached.at - 1; i >= 0; i--) yield cached.nodes[i] as Node;
}

/**
 * The nearest named sibling of `node` in one direction whose type `skip` does not pass over, read
 * from its parent's children list while the tree is being extracted: each sibling step of the tree
 * walks its parent's children from the start, so 60,000 comments took 30 s.
 */
export function nearestNamedSibling(node: Node, direction: 'next' | 'previous', skip: (type: string) => boolean): Node | null {
  const cached = cachedSiblings(node);
  if (cached !== undefined) {
    const step = direction === 'next' ? 1 : -1;
    for (let i = cached.at + step; i >= 0 && i < cached.nodes.length; i += step) {
      const s = cached.nodes[i] as Node;
      if (!skip(s.type)) return s;
    }
    return null;
  }
  let s = direction === 'next' ? node.nextNamedSibling : node.previousNamedSibling;
  while (s !== null && skip(s.type)) s = direction === 'next' ? s.nextNamedSibling : s.previousNamedSibling;
  return s;
}

/** `node`'s parent's named children and its place among them, while its tree is being extracted. */
function cachedSiblings(node: Node): { readonly nodes: readonly Node[]; readonly at: number } | undefined {
  const lists = siblingLists.get(node.tree);
  const parent = lists === undefined ? null : node.parent;
  if (lists === undefined || parent === null) return undefined;
  let list = lists.get(parent.id);
  if (list === undefined) {
    const nodes = parent.namedChildren.filter((n): n is Node => n !== null);
    list = { nodes, index: new Map(nodes.map((n, i) => [n.id, i])) };
    lists.set(parent.id, list);
  }
  const at = list.index.get(node.id);
  return at === undefined ? undefined : { nodes: list.nodes, at };
}

// Comment markers of every supported language; a line holding none cannot be or end in a comment.
const COMMENT_MARK = /\/\/|\/\*|\*\/|#|--|%|\{-|-\}|\(\*|\*\)|^;|\\\*/;

/**
 * False when the source text alone shows that nothing but code precedes `anchor`: it starts its
 * line, and the nearest non-blank line above ends a statement, item or block opener (`;` `,` `{`
 * `}`) with no comment marker on it. Then the previous named sibling, if any, is that code, not a
 * comment or an attribute, and the tree need not be asked (each sibling step is a WASM call).
 */
function mayHaveCommentAbove(source: string, start: number): boolean {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  if (source.slice(lineStart, start).trim() !== '') return true;
  let end = lineStart - 1;
  while (end > 0) {
    const from = source.lastIndexOf('\n', end - 1) + 1;
    const line = source.slice(from, end).trim();
    if (line !== '') return !/[;,{}]$/.test(line) || COMMENT_MARK.test(line);
    end = from - 1;
  }
  return false;
}

/**
 * The text of the comments directly above `anchor` (no blank line between them and it), markers
 * stripped, or undefined. `isComment` says which named node types are comments; node types in
 * `transparent` (attributes, decorators) may sit between the comment and the definition. With
 * `detachedDocBlock` (JavaScript, TypeScript, Java, PHP), a doc block (`/** … *\/`) with only blank
 * lines between it and the definition documents it too, as JSDoc, TypeScript, javadoc and PHP's
 * reflection read it (Express and its family write every one so); a file's own block (`@license`,
 * `@file`, `@module` …) does not.
 *
 * While `withSourceText` has registered the tree's source, a quick look at the text first rules
 * out the common case of plain code above the definition. With `transparent` types it applies
 * only when the caller passes `transparentEndsLikeCode: false`, vouching that none of those nodes
 * ends a line with `;` `,` `{` or `}` (Rust's `#[...]` never does; an Elixir `@spec` may).
 */
export function leadingComment(
  anchor: Node, isComment: (type: string) => boolean, transparent?: ReadonlySet<string>,
  options: CommentOptions = {},
): string | undefined {
  const last = lastDoc;
  if (last !== undefined && last.anchor.tree === anchor.tree && last.anchor.startIndex === anchor.startIndex && last.anchor.type === anchor.type &&
    last.transparent === transparent && last.options.detachedDocBlock === options.detachedDocBlock &&
    last.options.transparentEndsLikeCode === options.transparentEndsLikeCode) return last.doc;
  const doc = readLeadingComment(anchor, isComment, transparent, options);
  lastDoc = sources.has(anchor.tree) ? { anchor, transparent, options, doc } : undefined;
  return doc;
}

function readLeadingComment(anchor: Node, isComment: (type: string) => boolean, transparent: ReadonlySet<string> | undefined, options: CommentOptions): string | undefined {
  const quick = transparent === undefined || transparent.size === 0 || options.transparentEndsLikeCode === false;
  const source = quick ? sources.get(anchor.tree) : undefined;
  if (source !== undefined && !mayHaveCommentAbove(source, anchor.startIndex)) return undefined;
  // The block's comment nodes, nearest first; their text is read from the top afterwards.
  const block: Node[] = [];
  let below = anchor.startPosition.row;
  // Each sibling's type and end row are read once (every read is a call into the runtime), also
  // when it was first looked at as the node before a comment.
  const walk = namedSiblingsBefore(anchor);
  let step = walk.next();
  let knownType: string | undefined;
  let knownEndRow: number | undefined;
  while (step.done !== true && block.length < MAX_COMMENT_NODES) {
    const sibling = step.value;
    const type = knownType ?? sibling.type;
    const endRow = knownEndRow;
    knownType = knownEndRow = undefined;
    step = walk.next();
    if (transparent?.has(type) === true) {
      below = sibling.startPosition.row;
    } else if (isComment(type)) {
      const detached = (endRow ?? sibling.endPosition.row) < below - 1;
      if (detached && (block.length > 0 || options.detachedDocBlock !== true || !isDocBlock(sibling.text))) break;
      // A trailing comment on the previous statement's line documents that statement, not this one.
      if (step.done !== true) {
        const before = step.value;
        knownType = before.type;
        knownEndRow = before.endPosition.row;
        if (knownEndRow === sibling.startPosition.row && !isComment(knownType)) break;
      }
      block.push(sibling);
      below = sibling.startPosition.row;
      if (detached) break;
    } else {
      break;
    }
  }
  if (block.length === 0) return undefined;
  // A docstring is the block's first MAX_DOCSTRING characters with whitespace collapsed, so the
  // text is read from the top only until that much is certain: a long block's later lines
  // (examples, caveats) cannot change it. Cleaning works line by line, so each node's lines are
  // cleaned once, and collapsed they add exactly their length (and one joining space) to the whole.
  const lines: string[] = [];
  let collapsed = -1;
  for (let i = block.length - 1; i >= 0 && collapsed <= MAX_DOCSTRING; i--) {
    const own = cleanLines((block[i] as Node).text);
    for (const line of own) lines.push(line);
    const flat = own.join(' ').replace(/\s+/g, ' ').trim();
    if (flat !== '') collapsed += flat.length + 1;
  }
  const text = withoutBlankEnds(lines).join('\n');
  return text === '' ? undefined : enoughForDocstring(text);
}

/**
 * The shortest start of `text` that collapses (whitespace runs as one space) to more than
 * MAX_DOCSTRING characters, or all of it: what the builder's cut keeps is the same, and one huge
 * comment node is not handed on whole to every definition it documents.
 */
function enoughForDocstring(text: string): string {
  let collapsed = 0;
  let space = false;
  for (let i = 0; i < text.length; i += 1) {
    const white = text.charCodeAt(i) <= 32;
    if (!white || !space) collapsed += 1;
    space = white;
    if (collapsed > MAX_DOCSTRING + 2) return text.slice(0, i);
  }
  return text;
}

/**
 * A block that stands alone rather than documenting the code after it: its file's (a licence, a
 * copyright, `@file`, `@module`, PHP's `@package`, Flow's `@flow`) or a JSDoc type of its own
 * (`@typedef`, `@callback`).
 */
const STANDALONE_BLOCK = /@(?:license|licence|copyright|preserve|file|fileoverview|overview|module|packageDocumentation|package|flow|typedef|callback)\b|\bcopyright\b|\blicen[cs]ed?\b/i;

/** How much of a doc block is read to tell commented-out code from documentation. */
const CODE_CHECK_CHARS = 2000;
// A line of code ends a statement or opens or closes a block.
const CODE_LINE_END = /[;{}]$/;
// A statement starts with a declaration or control keyword, or a name called or assigned (`old()`, `this.x = 1`).
const CODE_LINE_START = /^(?:(?:function|const|let|var|class|def|return|if|for|while|switch|import|export|public|private|protected|static|async|await|throw|try|new|echo)\b|[\w$.>-]+\s*(?:\(|=[^=]))/;

/**
 * Commented-out code written as a doc block (`/** function old() { … } *\/`): each of its first
 * lines ends a statement or a block, one starts as a statement does, and none is a tag
 * (`@deprecated`, `{@inheritDoc}`). Prose with an example ends some line otherwise. With blank
 * lines below it, such a block is code put aside, not the next definition's documentation; right
 * above a definition it may be its example (TypeScript's `/** class X {} *\/ classElement`), and
 * it is kept.
 */
function isCodeBlock(text: string): boolean {
  if (!text.startsWith('/**')) return false;
  const lines = cleanLines(text.slice(0, CODE_CHECK_CHARS)).filter((line) => line !== '');
  // A cut block's last line may be cut short.
  if (text.length > CODE_CHECK_CHARS) lines.pop();
  if (lines.length === 0 || lines.some((line) => line.startsWith('@') || line.startsWith('{@') || !CODE_LINE_END.test(line))) return false;
  return lines.some((line) => CODE_LINE_START.test(line));
}

/** A JSDoc block (`/** … *\/`; not the empty `/**\/`, nor a `/***` banner, which JSDoc skips too) that is neither a standalone one nor code. */
function isDocBlock(text: string): boolean {
  return text.startsWith('/**') && !text.startsWith('/**/') && !text.startsWith('/***') && !STANDALONE_BLOCK.test(text) && !isCodeBlock(text);
}

/** Strips comment markers (`/** *\/`, `//`, `///`, `#`, `--`, `;;`, leading `*`) from each line. */
export function cleanComment(raw: string): string {
  return withoutBlankEnds(cleanLines(raw)).join('\n');
}

/** Each line of `raw` with its comment markers and surrounding whitespace stripped (blank lines kept). */
function cleanLines(raw: string): string[] {
  return raw.split('\n').map((line) => line.trim()
    .replace(/^\/\*+\/$/, '')
    .replace(/^\/\*+!?/, '')
    .replace(/\*+\/$/, '')
    .replace(/^(?:\/\/[/!]?|#+!?|--+|;+|\(\*+|\*+\)|\*(?!\*))/, '')
    .replace(/\*+\)$/, '')
    .trim());
}

/** `lines` without the blank lines at either end. */
function withoutBlankEnds(lines: readonly string[]): readonly string[] {
  let from = 0;
  let to = lines.length;
  while (from < to && lines[from] === '') from++;
  while (to > from && lines[to - 1] === '') to--;
  return lines.slice(from, to);
}

/** The content of a string literal's source text without its quotes or prefixes. */
export function unquote(text: string): string {
  const m = /^[a-zA-Z]*("""|'''|"|'|`|<)([\s\S]*?)(?:"""|'''|"|'|`|>)?$/.exec(text.trim());
  return m !== null ? (m[2] ?? '') : text.trim();
}
