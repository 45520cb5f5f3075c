/**
 * What a Python call's object holds, so `route.match()` and `self.repo.save()` are recorded as
 * calls on the class: parameters annotated with a class, and the attributes of a class that its
 * body annotates (`repo: Repo`) or its methods assign on `self` (`self.repo = Repo()`,
 * `self.repo = repo` from an annotated parameter, `self.repo: Repo = …`). Attributes are noted as
 * the walk meets them, so a call in a method written before the one that assigns (usually
 * `__init__`, written first) is not typed. Locals made by calling a class (`x = Repo()`) are noted
 * by the extractor itself, and so are those a literal or a builtin constructor makes (`parts = []`,
 * `seen = set()`): a call on them is a builtin type's method, recorded on that type (`list`).
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { AgreedTypes, LocalTypes, namesClass, ownerClass, receiverClass, type FileTypes } from '../local-types.js';

/** Parameters that carry an annotation. */
export const PYTHON_PARAMETERS: ReadonlySet<string> = new Set(['typed_parameter', 'typed_default_parameter']);

/** A file's typing: its locals, and its classes' attributes as the walk notes them. */
export interface PythonTypes extends FileTypes {
  readonly fields: AgreedTypes;
}

export function pythonTypes(): PythonTypes {
  return { locals: new LocalTypes(), fields: new AgreedTypes() };
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

/**
 * Notes the class attribute an assignment declares: `repo: Repo` in a class body, or
 * `self.repo = …` in one of its methods (`made` is the class a call on the right made, if any).
 */
export function noteAttribute(b: ExtractionBuilder, typed: PythonTypes, assignment: Node, left: Node, made: string | undefined): void {
  const scope = b.symbolAt(b.current);
  if (scope?.kind === 'class' && left.type === 'identifier') {
    const annotation = assignment.childForFieldName('type');
    if (annotation !== null) typed.fields.note(`${scope.name}.${left.text}`, annotatedClass(annotation));
    return;
  }
  const owner = b.symbolAt(scope?.parent ?? -1)?.kind === 'class' ? ownerClass(b) : undefined;
  if (owner === undefined || left.type !== 'attribute' || left.childForFieldName('object')?.text !== 'self') return;
  const right = assignment.childForFieldName('right');
  typed.fields.note(`${owner}.${left.childForFieldName('attribute')?.text ?? ''}`, annotatedClass(assignment.childForFieldName('type'))
    ?? made ?? (right?.type === 'identifier' ? typed.locals.typeOf(b.current, right.text) : undefined));
}

/** The class `self.name` holds, for a call on it inside a method. */
export function attributeReceiver(b: ExtractionBuilder, typed: FileTypes, object: Node): string | undefined {
  const owner = object.childForFieldName('object');
  const name = object.childForFieldName('attribute');
  return owner?.text === 'self' && name !== null ? receiverClass(b, typed, name.text, true) : undefined;
}

/** Literal node types and the builtin type of the value they make. */
const LITERAL_TYPES: Readonly<Record<string, string>> = {
  string: 'str', concatenated_string: 'str', integer: 'int', float: 'float',
  list: 'list', list_comprehension: 'list', dictionary: 'dict', dictionary_comprehension: 'dict',
  set: 'set', set_comprehension: 'set', tuple: 'tuple',
};

/** Builtin calls that make a value of a builtin type: `dict(…)`, `sorted(…)` (a list). */
const BUILTIN_MAKERS: Readonly<Record<string, string>> = {
  str: 'str', bytes: 'bytes', bytearray: 'bytearray', int: 'int', float: 'float', list: 'list', sorted: 'list',
  dict: 'dict', set: 'set', frozenset: 'frozenset', tuple: 'tuple',
};

/** Every builtin type `builtinType` can give: resolution must know each as builtin (`builtinTypes`). */
export const BUILTIN_VALUE_TYPES: ReadonlySet<string> = new Set([...Object.values(LITERAL_TYPES), ...Object.values(BUILTIN_MAKERS)]);

/**
 * The builtin type of the value `node` makes, when it is a literal (`', '.join(…)`, `[]`) or a
 * call of a builtin constructor (`dict(…)`); a call on it is a method of that type, never of a
 * project class.
 */
export function builtinType(node: Node | null | undefined): string | undefined {
  let n = node;
  while (n?.type === 'parenthesized_expression') n = n.firstNamedChild;
  if (n === null || n === undefined) return undefined;
  const literal = LITERAL_TYPES[n.type];
  if (literal !== undefined) return literal;
  const fn = n.type === 'call' ? n.childForFieldName('function') : null;
  return fn?.type === 'identifier' && Object.hasOwn(BUILTIN_MAKERS, fn.text) ? BUILTIN_MAKERS[fn.text] : undefined;
}
