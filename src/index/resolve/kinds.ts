import type { NodeKind, RefKind } from '../../model.js';
import type { KindFilter } from './types.js';

const CLASS_LIKE: ReadonlySet<NodeKind> = new Set([
  'class', 'struct', 'interface', 'trait', 'protocol', 'enum', 'union', 'type_alias', 'component',
]);

const CALLABLE_STRICT: ReadonlySet<NodeKind> = new Set([
  'function', 'method', 'constructor', 'macro', 'class', 'struct', 'component', 'enum_member',
]);

// `const f = () => …` and callable fields are recorded as variables/properties by some
// extractors, so an explicit import or a same-file definition may legitimately be one.
const CALLABLE_LOOSE: ReadonlySet<NodeKind> = new Set([
  ...CALLABLE_STRICT, 'variable', 'constant', 'property', 'field',
]);

const TYPE_LIKE: ReadonlySet<NodeKind> = new Set([
  ...CLASS_LIKE, 'enum', 'namespace', 'module',
]);

/** Kinds a call reaches by their own declaration (not a field or variable that may hold a function). */
export function isCallable(kind: NodeKind): boolean {
  return CALLABLE_STRICT.has(kind);
}

/** Kinds whose members a `this`/`self` receiver can reach. */
export function isClassLike(kind: NodeKind): boolean {
  return CLASS_LIKE.has(kind) && kind !== 'type_alias' && kind !== 'union';
}

// An impl block is named after what it implements for whom; no reference names it.
const anyKind: KindFilter = (kind) => kind !== 'file' && kind !== 'impl';
const classLike: KindFilter = (kind) => CLASS_LIKE.has(kind);
const typeLike: KindFilter = (kind) => TYPE_LIKE.has(kind);
const callableLoose: KindFilter = (kind) => CALLABLE_LOOSE.has(kind);
const callableStrict: KindFilter = (kind) => CALLABLE_STRICT.has(kind);
const methodLike: KindFilter = (kind) => kind === 'method' || kind === 'function' || kind === 'constructor';

/**
 * What a reference of `kind` may point at. `strict` is used by name matching, where a looser
 * filter would only add wrong candidates; explicit bindings (imports, same file) use the loose one.
 */
export function targetFilter(kind: RefKind, strict: boolean): KindFilter {
  switch (kind) {
    case 'calls':
    case 'decorates':
      return strict ? callableStrict : callableLoose;
    case 'extends':
    case 'implements':
    case 'instantiates':
      return classLike;
    case 'type_of':
    case 'returns':
      return typeLike;
    case 'overrides':
      return methodLike;
    default:
      return anyKind;
  }
}

/** Accepts every symbol kind: used while walking a receiver chain (`a.b.c`). */
export const ANY_KIND: KindFilter = anyKind;
