/** Doc comment lookup shared by the extractors: the comment block right above a definition. */
import type { Node } from 'web-tree-sitter';

const MAX_COMMENT_LINES = 40;

/**
 * The text of the comments directly above `anchor` (no blank line between them and it), markers
 * stripped, or undefined. `isComment` says which named node types are comments; node types in
 * `transparent` (attributes, decorators) may sit between the comment and the definition.
 */
export function leadingComment(
  anchor: Node, isComment: (type: string) => boolean, transparent?: ReadonlySet<string>,
): string | undefined {
  const parts: string[] = [];
  let below = anchor.startPosition.row;
  let sibling = anchor.previousNamedSibling;
  while (sibling !== null && parts.length < MAX_COMMENT_LINES) {
    const type = sibling.type;
    if (transparent?.has(type) === true) {
      below = sibling.startPosition.row;
    } else if (isComment(type)) {
      if (sibling.endPosition.row < below - 1) break;
      // A trailing comment on the previous statement's line documents that statement, not this one.
      const before = sibling.previousNamedSibling;
      if (before !== null && before.endPosition.row === sibling.startPosition.row && !isComment(before.type)) break;
      parts.push(sibling.text);
      below = sibling.startPosition.row;
    } else {
      break;
    }
    sibling = sibling.previousNamedSibling;
  }
  if (parts.length === 0) return undefined;
  const text = cleanComment(parts.reverse().join('\n'));
  return text === '' ? undefined : text;
}

/** Strips comment markers (`/** *\/`, `//`, `///`, `#`, `--`, `;;`, leading `*`) from each line. */
export function cleanComment(raw: string): string {
  const lines = raw.split('\n');
  const out: string[] = [];
  for (let line of lines) {
    line = line.trim()
      .replace(/^\/\*+!?/, '')
      .replace(/\*+\/$/, '')
      .replace(/^(?:\/\/[/!]?|#+!?|--+|;+|\(\*+|\*+\)|\*(?!\*))/, '')
      .replace(/\*+\)$/, '')
      .trim();
    out.push(line);
  }
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** The content of a string literal's source text without its quotes or prefixes. */
export function unquote(text: string): string {
  const m = /^[a-zA-Z]*("""|'''|"|'|`|<)([\s\S]*?)(?:"""|'''|"|'|`|>)?$/.exec(text.trim());
  return m !== null ? (m[2] ?? '') : text.trim();
}
