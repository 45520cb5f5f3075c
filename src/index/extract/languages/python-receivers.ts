/**
 * What a Python call's object holds, so `route.match()` and `self.repo.save()` are recorded as
 * calls on the class: parameters annotated with a class, and the attributes a class's methods
 * assign on `self` (`self.repo = Repo()`, `self.repo = repo` from an annotated parameter,
 * `self.repo: Repo = …`) or that its body annotates (`repo: Repo`). Locals made by calling a class
 * (`x = Repo()`) are noted by the extractor itself.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { LocalTypes, namesClass, receiverClass, type FileTypes } from '../local-types.js';

/** Parameters that carry an annotation. */
export const PYTHON_PARAMETERS: ReadonlySet<string> = new Set(['typed_parameter', 'typed_default_parameter']);

/** A file's typing, the attributes of its classes read up front. */
export function pythonTypes(root: Node): FileTypes {
  return { locals: new LocalTypes(), fields: attributeTypes(root) };
}

/** The class an annotation names: `Repo`, `models.Repo`, `"Repo"`, `Optional[Repo]`, `Repo | None`. */
export function annotatedClass(type: Node | null | undefined): string | undefined {
  let t = type?.type === 'type' ? type.firstNamedChild : type;
  if (t?.type === 'generic_type' && t.firstNamedChild?.text === 'Optional') t = t.namedChild(1)?.firstNamedChild ?? null;
  if (t?.type === 'binary_operator' && t.childForFieldName('right')?.type === 'none') t = t.childForFieldName('left');
  const text = t?.type === 'string' ? t.text.slice(1, -1) : t?.type === 'identifier' || t?.type === 'attribute' ? t.text : '';
  return /^[A-Za-z_][\w.]*$/.test(text) && namesClass(text) ? text : undefined;
}

/** Notes an annotated parameter of the current function. */
export function noteParameter(b: ExtractionBuilder, typed: FileTypes, node: Node): void {
  const name = node.type === 'typed_parameter' ? node.firstNamedChild : node.childForFieldName('name');
  if (b.current >= 0 && name?.type === 'identifier') typed.locals.note(b.current, name.text, annotatedClass(node.childForFieldName('type')));
}

/** The class `self.name` holds, for a call on it inside a method. */
export function attributeReceiver(b: ExtractionBuilder, typed: FileTypes, object: Node): string | undefined {
  const owner = object.childForFieldName('object');
  const name = object.childForFieldName('attribute');
  return owner?.text === 'self' && name !== null ? receiverClass(b, typed, name.text, true) : undefined;
}

/** `Owner.attribute` -> its class, for the attributes every assignment and annotation agrees on. */
function attributeTypes(root: Node): Map<string, string> {
  const seen = new Map<string, string | null>();
  const note = (key: string, type: string | undefined): void => {
    const before = seen.get(key);
    seen.set(key, type === undefined || (before !== undefined && before !== type) ? null : type);
  };
  for (const cls of root.descendantsOfType('class_definition')) {
    const owner = cls?.childForFieldName('name')?.text;
    const body = cls?.childForFieldName('body');
    if (owner === undefined || body == null) continue;
    for (const statement of body.namedChildren) {
      const assignment = statement?.type === 'expression_statement' ? statement.firstNamedChild : null;
      const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
      const annotation = assignment?.childForFieldName('type');
      if (left?.type === 'identifier' && annotation != null) note(`${owner}.${left.text}`, annotatedClass(annotation));
      const fn = statement?.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
      if (fn?.type === 'function_definition') selfAssignments(fn, (name, type) => note(`${owner}.${name}`, type));
    }
  }
  const types = new Map<string, string>();
  for (const [key, type] of seen) if (type !== null) types.set(key, type);
  return types;
}

/** Each `self.name = value` in a method, with the class the value is known to hold. */
function selfAssignments(fn: Node, note: (name: string, type: string | undefined) => void): void {
  const params = fn.childForFieldName('parameters')?.namedChildren ?? [];
  const self = params[0]?.type === 'identifier' ? params[0].text : undefined;
  if (self === undefined) return;
  const annotated = new Map<string, string | undefined>();
  for (const p of params) {
    const name = p?.type === 'typed_parameter' ? p.firstNamedChild : p?.type === 'typed_default_parameter' ? p.childForFieldName('name') : null;
    if (p != null && name?.type === 'identifier') annotated.set(name.text, annotatedClass(p.childForFieldName('type')));
  }
  for (const assignment of fn.descendantsOfType('assignment')) {
    const left = assignment?.childForFieldName('left');
    const name = left?.type === 'attribute' && left.childForFieldName('object')?.text === self ? left.childForFieldName('attribute')?.text : undefined;
    if (assignment == null || name === undefined) continue;
    const right = assignment.childForFieldName('right');
    const called = right?.type === 'call' ? right.childForFieldName('function') : null;
    const made = called?.type === 'identifier' || called?.type === 'attribute' ? called.text : undefined;
    note(name, annotatedClass(assignment.childForFieldName('type'))
      ?? (made !== undefined && namesClass(made) ? made : right?.type === 'identifier' ? annotated.get(right.text) : undefined));
  }
}
