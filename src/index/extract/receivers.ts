/**
 * Receiver rendering shared by the extractors: `a.b` for `a.b.save()`, `fetch().then()` for a
 * promise chain. Call arguments are dropped so chains stay short and the work stays proportional
 * to the chain length, and anything that is not a path (a literal, a lambda …) renders as `…`,
 * which still tells resolution "this is a method call on something", never a bare function call.
 */
import type { Node } from 'web-tree-sitter';

/** How one grammar spells paths. */
export interface PathShape {
  /** Node types rendered as their own text (identifiers, `self`, `this` …). */
  readonly leaves: ReadonlySet<string>;
  /** Member-access node types: `[objectField, nameField, separator]`. */
  readonly members: Readonly<Record<string, readonly [string, string, string]>>;
  /** Call node types and the field holding the callee. */
  readonly calls: Readonly<Record<string, string>>;
  /** Method-call node types that carry their receiver and name directly: `[objectField, nameField, separator]`. */
  readonly invocations?: Readonly<Record<string, readonly [string, string, string]>>;
  /** Node types rendered as their first named child (parentheses, `await`, `!` …). */
  readonly wrappers?: ReadonlySet<string>;
  /** Node types rendered as their `[objectField]` plus `[]` (indexing). */
  readonly subscripts?: Readonly<Record<string, string>>;
}

const MAX_DEPTH = 6;

/** Renders `node` as a receiver path according to `shape`. */
export function receiverText(node: Node, shape: PathShape, depth = 0): string {
  if (depth > MAX_DEPTH) return '…';
  const type = node.type;
  if (shape.leaves.has(type)) {
    const text = node.text;
    return text.length > 100 ? '…' : text;
  }
  const member = shape.members[type];
  if (member !== undefined) {
    const object = node.childForFieldName(member[0]);
    const name = node.childForFieldName(member[1]);
    return `${object !== null ? receiverText(object, shape, depth + 1) : '…'}${member[2]}${name?.text ?? ''}`;
  }
  const callee = shape.calls[type];
  if (callee !== undefined) {
    const fn = node.childForFieldName(callee);
    return `${fn !== null ? receiverText(fn, shape, depth + 1) : '…'}()`;
  }
  const invocation = shape.invocations?.[type];
  if (invocation !== undefined) {
    const object = node.childForFieldName(invocation[0]);
    const name = node.childForFieldName(invocation[1])?.text ?? '';
    return object !== null ? `${receiverText(object, shape, depth + 1)}${invocation[2]}${name}()` : `${name}()`;
  }
  const sub = shape.subscripts?.[type];
  if (sub !== undefined) {
    const object = node.childForFieldName(sub);
    return `${object !== null ? receiverText(object, shape, depth + 1) : '…'}[]`;
  }
  if (shape.wrappers?.has(type) === true) {
    const inner = node.namedChild(0);
    return inner !== null ? receiverText(inner, shape, depth + 1) : '…';
  }
  return '…';
}
