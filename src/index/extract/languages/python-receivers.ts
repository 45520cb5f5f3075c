/**
 * What a Python call's object holds, so `route.match()` and `self.repo.save()` are recorded as
 * calls on the class: parameters annotated with a class, and the attributes of a class that its
 * body annotates (`repo: Repo`) or its methods assign on `self` (`self.repo = Repo()`,
 * `self.repo = repo` from an annotated parameter, `self.repo: Repo = …`). Attributes are noted as
 * the walk meets them, so a call in a method written before the one that assigns (usually
 * `__init__`, written first) is not typed. Locals made by calling a class (`x = Repo()`) are noted
 * by the extractor itself.
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
