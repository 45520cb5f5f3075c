/**
 * Locals that escape as properties. A function declared in another function's body (`function
 * get(req) {…}`, `const post = (req) => …`) is a local: its name is bound in that body alone, so
 * a call on some object (`db.get()`, `server.destroy()`) reaches it only where the file makes it
 * a property of its own name, as a factory does (`return { get }`, `{ get: get }`, `api.get =
 * get`). Those are marked exported, reachable beyond their scope; resolution binds no call on an
 * object to the others by their name alone (resolve/steps/name-step.ts).
 */
import type { Node } from 'web-tree-sitter';
import type { NodeKind } from '../../../../model.js';
import type { ExtractionBuilder } from '../../builder.js';

/** Kinds whose bodies declare locals. */
const SCOPES: ReadonlySet<NodeKind> = new Set(['function', 'method', 'constructor']);
/** The syntax that makes a name a property: shorthand, a pair, an assignment to a member. */
const PROPERTY_SYNTAX = ['shorthand_property_identifier', 'pair', 'assignment_expression'];

/** Marks exported each local function of `builder` that `root` writes as a property of its own name. */
export function markEscapedLocals(builder: ExtractionBuilder, root: Node): void {
  const locals = localFunctions(builder);
  if (locals.size === 0) return;
  for (const node of root.descendantsOfType(PROPERTY_SYNTAX)) {
    const name = node === null ? undefined : ownPropertyName(node, locals);
    if (name === undefined) continue;
    for (const index of locals.get(name) ?? []) builder.amend(index, { exported: true });
    locals.delete(name);
    if (locals.size === 0) return;
  }
}

/** The unexported functions declared in a function's, method's or constructor's body, by name. */
function localFunctions(builder: ExtractionBuilder): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let index = 0; index < builder.symbolCount; index++) {
    const symbol = builder.symbolAt(index);
    if (symbol === undefined || symbol.kind !== 'function' || symbol.exported || symbol.parent < 0) continue;
    const scope = builder.symbolAt(symbol.parent);
    if (scope === undefined || !SCOPES.has(scope.kind)) continue;
    const list = out.get(symbol.name);
    if (list === undefined) out.set(symbol.name, [index]);
    else list.push(index);
  }
  return out;
}

/**
 * The local `node` makes a property of its own name (`{ get }`, `{ get: get }`, `x.get = get`),
 * if it does. The value is read first and the key only for a local's name: an object of data
 * costs one look per entry.
 */
function ownPropertyName(node: Node, locals: ReadonlyMap<string, unknown>): string | undefined {
  if (node.type === 'shorthand_property_identifier') return node.text;
  const pair = node.type === 'pair';
  const value = node.childForFieldName(pair ? 'value' : 'right');
  if (value?.type !== 'identifier' || !locals.has(value.text)) return undefined;
  const target = pair ? node : node.childForFieldName('left');
  if (!pair && target?.type !== 'member_expression') return undefined;
  const key = target?.childForFieldName(pair ? 'key' : 'property');
  return key?.text === value.text ? key.text : undefined;
}
