/**
 * What a Rust call's receiver holds, so `formatter.write_str()` is recorded as a call on
 * `fmt::Formatter` and `ledger.put()` as one on `Ledger`: a function's parameters
 * (`f: &mut fmt::Formatter`), `let x: T`, and `let x = T { … }`, `T::new(…)` or `T::default()`.
 * References, raw pointers and the standard pointers that dereference to their contents
 * (`&T`, `Box<T>`, `Arc<T>` …) hold what they point at, `dyn Trait` and `impl Trait` the trait,
 * `Self` the impl block's type; type parameters, tuples, slices and primitives nothing known.
 * What an `Option<T>`, a `Result<T, E>` or a collection of `T` holds is noted too, so a name
 * taken out of one (`if let Some(x)`, a `match` arm `Ok(x)`, `for x in &items`, `opt.unwrap()`,
 * `res?`) holds a `T`.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';
import { callOf, type LocalTypes } from '../local-types.js';

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
        if (t.text === '_') return undefined;
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
    if (name === undefined) continue;
    const type = p.childForFieldName('type');
    typing.locals.note(b.current, name, typeName(type, typing));
    typing.locals.note(b.current, itemKey(name), itemType(type, typing));
  }
}

/** Notes what a `let` binds its name to: its declared type, or the type its value makes. */
export function noteLet(b: ExtractionBuilder, typing: RustTyping, node: Node): void {
  const name = boundName(node.childForFieldName('pattern'));
  if (name === undefined) return;
  const declared = node.childForFieldName('type');
  const value = node.childForFieldName('value');
  const unwrapped = declared === null ? unwrappedType(b, typing, value) : undefined;
  typing.locals.note(b.current, name, declared !== null ? typeName(declared, typing) : (unwrapped ?? madeType(value, typing) ?? calledPath(value)));
  typing.locals.note(b.current, itemKey(name), declared !== null ? itemType(declared, typing) : undefined);
}

/**
 * A value a call returns (`connect()?`, `factory::make().unwrap()`, `self.open().await`) as that
 * call (`connect()`, `factory::make()`), which resolution types from what the function returns
 * (an `Option`'s or `Result`'s contents); undefined for other values.
 */
function calledPath(value: Node | null): string | undefined {
  let v = value;
  for (let depth = 0; v !== null && depth < 4; depth++) {
    const type = v.type;
    if (type === 'try_expression' || type === 'await_expression') {
      v = v.namedChild(0);
      continue;
    }
    const on = type === 'call_expression' ? calledOn(v, UNWRAPS) : null;
    if (on === null) break;
    v = on;
  }
  return v?.type === 'call_expression' ? callOf(v.childForFieldName('function')?.text) : undefined;
}

/**
 * Notes what a pattern binds from a value whose contents' type is known: `if let Some(x) = opt`,
 * `while let Ok(x) = res`, a `match` arm `Some(x) =>`, `for x in &items` (for `opt: Option<T>`,
 * `res: Result<T, E>`, `items: Vec<T>` or `&[T]`), so `x.put()` is a call on `T`. A binding of
 * unknown contents notes nothing: it would take a type the same name has elsewhere in the
 * function away (tokio's `for mut core in cores.drain(..)` after `core: Box<Core>`).
 */
export function noteUnwrapping(b: ExtractionBuilder, typing: RustTyping, node: Node): void {
  if (b.current < 0) return;
  if (node.type === 'let_condition') {
    noteVariant(b, typing, node.childForFieldName('pattern'), itemOf(b, typing, node.childForFieldName('value')));
  } else if (node.type === 'match_expression') {
    const item = itemOf(b, typing, node.childForFieldName('value'));
    if (item === undefined) return;
    for (const arm of node.childForFieldName('body')?.namedChildren ?? []) {
      if (arm?.type !== 'match_arm') continue;
      const pattern = arm.childForFieldName('pattern');
      noteVariant(b, typing, pattern?.namedChildren.find((c) => c?.type === 'tuple_struct_pattern') ?? null, item);
    }
  } else if (node.type === 'for_expression') {
    const name = boundName(node.childForFieldName('pattern'));
    const item = iteratedType(b, typing, node.childForFieldName('value'));
    if (name !== undefined && item !== undefined) typing.locals.note(b.current, name, item);
  }
}

/** Wrappers and collections whose first type argument is what their contents are (`Option<T>` holds a `T`). */
const HOLDERS: ReadonlySet<string> = new Set([
  'Option', 'Result', 'Vec', 'VecDeque', 'LinkedList', 'HashSet', 'BTreeSet', 'BinaryHeap', 'IndexSet',
]);
/** The variants that hand their holder's contents out (`Some(x)`, `Ok(x)`). */
const CONTENT_VARIANTS: ReadonlySet<string> = new Set(['Some', 'Ok']);
/** Calls that take a value out of an `Option` or `Result` (`opt.unwrap()`). */
const UNWRAPS: ReadonlySet<string> = new Set(['unwrap', 'expect', 'unwrap_unchecked']);
/** Calls that iterate a collection's contents (`items.iter()`). */
const ITERATIONS: ReadonlySet<string> = new Set(['iter', 'iter_mut', 'into_iter', 'drain']);

/** The key under which a local's contents' type is noted: not an identifier, so never a local's own name. */
function itemKey(name: string): string {
  return `${name}[]`;
}

/** The type of what a type holds: `T` of `Option<T>`, `Vec<T>`, `&[T]`, `[T; 4]` (through references). */
function itemType(node: Node | null, typing: RustTyping): string | undefined {
  let t = node;
  while (t?.type === 'reference_type' || t?.type === 'pointer_type') t = t.childForFieldName('type');
  if (t?.type === 'array_type') return typeName(t.childForFieldName('element'), typing);
  if (t?.type !== 'generic_type') return undefined;
  const base = t.childForFieldName('type');
  if (base === null || !HOLDERS.has(lastSegment(base))) return undefined;
  return typeName(t.childForFieldName('type_arguments')?.namedChildren.find((a) => a !== null && a.type !== 'lifetime') ?? null, typing);
}

/** The contents' type of a local (`opt`, `&opt`), when noted. */
function itemOf(b: ExtractionBuilder, typing: RustTyping, value: Node | null): string | undefined {
  let v = value;
  while (v?.type === 'reference_expression' || v?.type === 'parenthesized_expression') v = v.namedChildren.at(-1) ?? null;
  return v?.type === 'identifier' ? typing.locals.typeOf(b.current, itemKey(v.text)) : undefined;
}

/** What a `for` loop over `value` binds: the contents of `items`, `&items` or `items.iter()`. */
function iteratedType(b: ExtractionBuilder, typing: RustTyping, value: Node | null): string | undefined {
  return itemOf(b, typing, value?.type === 'call_expression' ? calledOn(value, ITERATIONS) : value);
}

/** The type `opt.unwrap()`, `opt.expect(…)` or `opt?` gives, for a local whose contents' type is noted. */
function unwrappedType(b: ExtractionBuilder, typing: RustTyping, value: Node | null): string | undefined {
  if (value?.type === 'try_expression') return itemOf(b, typing, value.namedChildren[0] ?? null);
  return value?.type === 'call_expression' ? itemOf(b, typing, calledOn(value, UNWRAPS)) : undefined;
}

/** The value a call `x.name(…)` with one of `names` is made on (`x`), or null. */
function calledOn(call: Node, names: ReadonlySet<string>): Node | null {
  const fn = call.childForFieldName('function');
  return fn?.type === 'field_expression' && names.has(fn.childForFieldName('field')?.text ?? '') ? fn.childForFieldName('value') : null;
}

/** Notes the one name `Some(x)` or `Ok(x)` binds as holding `item`. */
function noteVariant(b: ExtractionBuilder, typing: RustTyping, pattern: Node | null, item: string | undefined): void {
  if (pattern?.type !== 'tuple_struct_pattern' || item === undefined) return;
  if (!CONTENT_VARIANTS.has(pattern.childForFieldName('type')?.text ?? '')) return;
  // The first named child is the variant's own name (the `type` field); what follows is bound.
  const bound = pattern.namedChildren.slice(1);
  if (bound.length !== 1) return;
  const name = boundName(bound[0] ?? null);
  if (name !== undefined) typing.locals.note(b.current, name, item);
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
