/**
 * What a Rust call's receiver holds, so `formatter.write_str()` is recorded as a call on
 * `fmt::Formatter` and `ledger.put()` as one on `Ledger`: a function's parameters
 * (`f: &mut fmt::Formatter`), `let x: T`, and `let x = T { … }`, `T::new(…)` or `T::default()`.
 * References, raw pointers and the standard pointers that dereference to their contents
 * (`&T`, `Box<T>`, `Arc<T>` …) hold what they point at, `dyn Trait` and `impl Trait` the trait,
 * `Self` the impl block's type; type parameters, tuples, slices and primitives nothing known.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import type { LocalTypes } from '../local-types.js';

/** Standard pointers and guards whose methods reach the value inside through `Deref`. */
export const DEREF_WRAPPERS: ReadonlySet<string> = new Set([
  'Box', 'Rc', 'Arc', 'Pin', 'Cow', 'Ref', 'RefMut', 'MutexGuard', 'RwLockReadGuard', 'RwLockWriteGuard', 'ManuallyDrop',
]);

/** Associated functions that, by the standard library's convention, return `Self`. */
const CONSTRUCTORS: ReadonlySet<string> = new Set(['new', 'default']);

/** What a file's walk knows while typing a receiver: its type parameters and the enclosing impl's type. */
export interface RustTyping {
  readonly locals: LocalTypes;
  readonly typeParams: ReadonlySet<string>;
  /** The qualified name of the type the enclosing impl block is for (`content.Content`; '' outside one). */
  readonly implOwner: string;
}

/** The type `Self` stands for: the enclosing impl's type by its own name, undefined outside an impl. */
function selfType(typing: RustTyping): string | undefined {
  return typing.implOwner === '' ? undefined : typing.implOwner.slice(typing.implOwner.lastIndexOf('.') + 1);
}

/** The type a type node names, as a receiver is written (`Ledger`, `fmt::Formatter`), or undefined. */
export function typeName(node: Node | null, typing: RustTyping): string | undefined {
  let t = node;
  for (let depth = 0; t !== null && depth < 8; depth++) {
    switch (t.type) {
      case 'reference_type':
      case 'pointer_type':
        t = t.childForFieldName('type');
        continue;
      case 'dynamic_type':
      case 'abstract_type':
        t = t.childForFieldName('trait');
        continue;
      case 'generic_type': {
        const base = t.childForFieldName('type');
        const name = base === null ? '' : lastSegment(base);
        if (!DEREF_WRAPPERS.has(name)) {
          t = base;
          continue;
        }
        t = t.childForFieldName('type_arguments')?.namedChildren.find((a) => a !== null && a.type !== 'lifetime') ?? null;
        continue;
      }
      case 'type_identifier': {
        if (t.text === 'Self') return selfType(typing);
        return typing.typeParams.has(t.text) ? undefined : t.text;
      }
      case 'scoped_type_identifier':
        return t.text.replace(/<.*>/s, '');
      default:
        return undefined;
    }
  }
  return undefined;
}

function lastSegment(node: Node): string {
  return node.type === 'scoped_type_identifier' ? (node.childForFieldName('name')?.text ?? '') : node.text;
}

/** Adds the names a `<…>` list declares: `T`, `T: Bound` (its `left`), `T = Default` (its `name`). */
export function noteTypeParameters(typeParams: Set<string>, list: Node): void {
  for (const p of list.namedChildren) {
    const name = p?.type === 'type_identifier' ? p : p?.childForFieldName(p.type === 'constrained_type_parameter' ? 'left' : 'name') ?? null;
    if (name != null) typeParams.add(name.text);
  }
}

/** Notes the typed parameters of the function whose scope is open (`fn f(&self, f: &mut Formatter)`). */
export function noteParameters(b: ExtractionBuilder, typing: RustTyping, parameters: Node | null): void {
  for (const p of parameters?.namedChildren ?? []) {
    if (p?.type !== 'parameter') continue;
    const name = boundName(p.childForFieldName('pattern'));
    if (name !== undefined) typing.locals.note(b.current, name, typeName(p.childForFieldName('type'), typing));
  }
}

/** Notes what a `let` binds its name to: its declared type, or the type its value makes. */
export function noteLet(b: ExtractionBuilder, typing: RustTyping, node: Node): void {
  const name = boundName(node.childForFieldName('pattern'));
  if (name === undefined) return;
  const declared = node.childForFieldName('type');
  typing.locals.note(b.current, name, declared !== null ? typeName(declared, typing) : madeType(node.childForFieldName('value'), typing));
}

/** The type a call is made on when its receiver is a typed local (`x.put()` for `x: Ledger`). */
export function receiverType(b: ExtractionBuilder, typing: RustTyping, value: Node): string | undefined {
  return value.type === 'identifier' ? typing.locals.typeOf(b.current, value.text) : undefined;
}

/** The name a pattern binds, for a plain (optionally `mut`) identifier pattern. */
function boundName(pattern: Node | null): string | undefined {
  if (pattern?.type === 'identifier') return pattern.text;
  if (pattern?.type === 'mut_pattern') {
    const inner = pattern.namedChildren.find((c) => c?.type === 'identifier');
    return inner?.text;
  }
  return undefined;
}

/** The type a value expression makes: `T { … }`, `T::new(…)`, `T::default()`, or one of those behind `&`. */
function madeType(value: Node | null, typing: RustTyping): string | undefined {
  let v = value;
  while (v?.type === 'reference_expression' || v?.type === 'parenthesized_expression') v = v.namedChildren.at(-1) ?? null;
  if (v?.type === 'struct_expression') return typeName(v.childForFieldName('name'), typing);
  if (v?.type !== 'call_expression') return undefined;
  let fn = v.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (fn?.type !== 'scoped_identifier' || !CONSTRUCTORS.has(fn.childForFieldName('name')?.text ?? '')) return undefined;
  const path = fn.childForFieldName('path');
  if (path === null) return undefined;
  const text = path.text.replace(/<.*>/s, '');
  const last = text.split('::').pop() ?? '';
  if (DEREF_WRAPPERS.has(last) || !/^[A-Z]/.test(last) || typing.typeParams.has(last)) return undefined;
  return last === 'Self' ? selfType(typing) : text;
}
