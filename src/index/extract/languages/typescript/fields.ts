/**
 * The classes a file's class fields hold, so `this.repo.save()` is recorded as a call on `Repo`:
 * fields declared with a class type (which no assignment overrides) or initialized with `new`,
 * constructor parameter properties (`constructor(private repo: Repo)`), and an undeclared field the
 * constructor assigns `new Repo()` or a parameter typed `Repo`. A field given two classes gets
 * neither.
 */
import type { Node } from 'web-tree-sitter';
import { AgreedTypes, namesClass } from '../../local-types.js';

const CLASSES = ['class_declaration', 'abstract_class_declaration', 'class'];
const FIELD_NAMES: ReadonlySet<string> = new Set(['property_identifier', 'private_property_identifier']);

/** A call on a field of `this` (`this.repo.save(`, `this.#repo.save(`): only a file that makes one needs its fields' types. */
const FIELD_CALL = /\bthis\.#?[\w$]+\.[\w$]+\s*\(/;

/**
 * `Owner.field` -> its class, for the fields every declaration and constructor assignment agrees
 * on; nothing for a file without a call on a `this` field (on trpc 2 files of 81, whose fields
 * otherwise cost a fifth of the parse time to read).
 */
export function classFieldTypes(root: Node, source: string): Map<string, string> {
  const seen = new AgreedTypes();
  if (!FIELD_CALL.test(source)) return seen.agreed();
  for (const cls of root.descendantsOfType(CLASSES)) {
    const owner = cls?.childForFieldName('name')?.text;
    const body = cls?.childForFieldName('body');
    if (owner === undefined || body == null) continue;
    const note = (name: string, type: string | undefined): void => seen.note(`${owner}.${name}`, type);
    const declared = new Set<string>();
    for (const member of body.namedChildren) {
      const name = member?.type === 'public_field_definition' ? member.childForFieldName('name') : null;
      if (member == null || name === null || !FIELD_NAMES.has(name.type)) continue;
      const value = member.childForFieldName('value');
      if (member.childForFieldName('type') !== null) declared.add(name.text);
      // `private repo;` alone says nothing of what the constructor puts there.
      if (value !== null || declared.has(name.text)) note(name.text, annotated(member) ?? constructed(value));
    }
    const ctor = body.namedChildren.find((m) => m?.type === 'method_definition' && m.childForFieldName('name')?.text === 'constructor');
    if (ctor != null) constructorFields(ctor, (name, type) => { if (!declared.has(name)) note(name, type); });
  }
  return seen.agreed();
}

/** Parameter properties, and `this.x = new T()` or `this.x = typedParameter` assignments, of a constructor. */
function constructorFields(ctor: Node, note: (name: string, type: string | undefined) => void): void {
  const parameters = new Map<string, string | undefined>();
  for (const p of ctor.childForFieldName('parameters')?.namedChildren ?? []) {
    const property = p?.namedChildren.some((c) => c?.type === 'accessibility_modifier' || c?.type === 'override_modifier') === true || p?.text.startsWith('readonly ') === true;
    const pattern = p?.childForFieldName('pattern');
    if (p == null || pattern?.type !== 'identifier') continue;
    parameters.set(pattern.text, annotated(p));
    if (property) note(pattern.text, annotated(p));
  }
  for (const assignment of ctor.childForFieldName('body')?.descendantsOfType('assignment_expression') ?? []) {
    const left = assignment?.childForFieldName('left');
    const name = left?.type === 'member_expression' && left.childForFieldName('object')?.type === 'this' ? left.childForFieldName('property') : null;
    if (assignment == null || name === null || !FIELD_NAMES.has(name.type)) continue;
    const right = assignment.childForFieldName('right');
    note(name.text, right?.type === 'identifier' ? parameters.get(right.text) : constructed(right));
  }
}

/** The class a `: T` annotation names. */
function annotated(node: Node): string | undefined {
  const t = node.childForFieldName('type')?.firstNamedChild;
  return t?.type === 'type_identifier' && namesClass(t.text) ? t.text : undefined;
}

/** The class `new T(…)` makes. */
function constructed(value: Node | null): string | undefined {
  const c = value?.type === 'new_expression' ? value.childForFieldName('constructor') : null;
  return c?.type === 'identifier' && namesClass(c.text) ? c.text : undefined;
}
