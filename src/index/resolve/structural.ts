/**
 * Go's interfaces are satisfied, not declared: a type whose method set holds every method of a
 * project interface implements it. Each such type gets an `implements` edge to the interface, and
 * each of its methods an `overrides` edge to the interface's method of that name, as a Java class
 * that declares `implements` has; so `callers` of `Square.Area` lists calls made through a
 * `Shape`, and `impact` follows them.
 *
 * A method matches when its parameter and result types, as written without names and package
 * qualifiers, are the interface method's (`goShape`); a signature the index does not hold is not
 * compared. Only what is known counts: an interface that embeds one from outside the project (`io.Reader`)
 * has methods the index does not hold, so nothing is said to satisfy it; a type that embeds one
 * from outside may have more methods than are known, which can only hide a relation, never make
 * one up. An interface with no methods (`any`) is satisfied by everything and says nothing.
 */
import type { EdgeTable } from '../../store/columnar.js';
import type { ResolveContext } from './context.js';
import { isClassLike } from './kinds.js';
import { enclosingType, siblingFiles } from './members.js';
import type { ResolverSymbol } from './types.js';

/** Confidence of a structural edge: the method names match; signatures are not compared. */
const STRUCTURAL_CONFIDENCE = 0.8;
/** How deep embedded interfaces and structs are followed. */
const MAX_EMBEDDING = 8;
const NO_METHODS: ReadonlyMap<string, ResolverSymbol> = new Map();

/** A project interface whose whole method set is known. */
interface KnownInterface {
  readonly symbol: ResolverSymbol;
  /** Method name -> its declaration (the interface's own, or an embedded interface's). */
  readonly methods: ReadonlyMap<string, ResolverSymbol>;
}

/** Adds the structural `implements` and `overrides` edges of the Go types and methods of `emitFiles` (every file when undefined). */
export function structuralEdges(ctx: ResolveContext, edges: EdgeTable, emitFiles: ReadonlySet<number> | undefined): void {
  const { project } = ctx;
  const emitted = (emitFiles === undefined ? project.files.map((f) => f.id) : [...emitFiles]).filter((id) => project.family(id) === 'go');
  if (emitted.length === 0) return;
  const index = new StructuralIndex(ctx);
  if (index.empty) return;
  for (const fileId of emitted) {
    for (const symbol of project.symbolsOf(fileId)) {
      if (isClassLike(symbol.kind) && symbol.kind !== 'interface') {
        for (const known of index.satisfied(symbol)) {
          edges.push({ source: symbol.id, target: known.symbol.id, kind: 'implements', line: 0, col: 0, confidence: STRUCTURAL_CONFIDENCE, method: 'receiver' });
        }
      } else if (symbol.kind === 'method' && symbol.parentId === null) {
        // A method written outside its type (`func (s *Square) Area()`, qualified `Square.Area`).
        const owner = enclosingType(ctx, symbol.id);
        if (owner === undefined || owner.kind === 'interface') continue;
        // An embedded interface's method reached through two interfaces is one declaration.
        const targets = new Set<number>();
        for (const known of index.satisfied(owner)) {
          const declared = known.methods.get(symbol.name);
          if (declared === undefined || targets.has(declared.id)) continue;
          targets.add(declared.id);
          edges.push({ source: symbol.id, target: declared.id, kind: 'overrides', line: 0, col: 0, confidence: STRUCTURAL_CONFIDENCE, method: 'receiver' });
        }
      }
    }
  }
}

/** The project's Go interfaces by method name, and each Go type's method set, read once per run. */
class StructuralIndex {
  readonly #ctx: ResolveContext;
  readonly #byMethod = new Map<string, KnownInterface[]>();
  /** Package key -> `Type` qualified name -> its declared methods by name. */
  readonly #methodsByPackage = new Map<string, Map<string, Map<string, ResolverSymbol>>>();
  readonly #satisfied = new Map<number, readonly KnownInterface[]>();

  constructor(ctx: ResolveContext) {
    this.#ctx = ctx;
    for (const file of ctx.project.files) {
      if (ctx.project.family(file.id) !== 'go') continue;
      for (const symbol of ctx.project.symbolsOf(file.id)) {
        if (symbol.kind !== 'interface') continue;
        const methods = this.#interfaceMethods(symbol, 0);
        if (methods === undefined || methods.size === 0) continue;
        const known = { symbol, methods };
        for (const name of methods.keys()) {
          const list = this.#byMethod.get(name);
          if (list === undefined) this.#byMethod.set(name, [known]);
          else list.push(known);
        }
      }
    }
  }

  get empty(): boolean {
    return this.#byMethod.size === 0;
  }

  /** The interfaces `type` satisfies, in the order they were found. */
  satisfied(type: ResolverSymbol): readonly KnownInterface[] {
    let found = this.#satisfied.get(type.id);
    if (found !== undefined) return found;
    const methods = this.#typeMethods(type, 0, new Set());
    const out: KnownInterface[] = [];
    const seen = new Set<number>();
    for (const name of methods.keys()) {
      for (const known of this.#byMethod.get(name) ?? []) {
        if (seen.has(known.symbol.id)) continue;
        seen.add(known.symbol.id);
        if ([...known.methods].every(([m, declared]) => sameShape(methods.get(m), declared))) out.push(known);
      }
    }
    found = out;
    this.#satisfied.set(type.id, found);
    return found;
  }

  /** Every method of an interface, its embedded ones' included; undefined when one is embedded from outside. */
  #interfaceMethods(symbol: ResolverSymbol, depth: number): Map<string, ResolverSymbol> | undefined {
    const { project, bases, openBases } = this.#ctx;
    if (openBases.has(symbol.id) || depth > MAX_EMBEDDING) return undefined;
    const methods = new Map<string, ResolverSymbol>();
    for (const base of bases.get(symbol.id) ?? []) {
      if (base.kind !== 'interface') return undefined;
      const inherited = this.#interfaceMethods(base, depth + 1);
      if (inherited === undefined) return undefined;
      for (const [name, declared] of inherited) methods.set(name, declared);
    }
    for (const member of project.symbolsOf(symbol.fileId)) {
      if (member.parentId === symbol.id && member.kind === 'method') methods.set(member.name, member);
    }
    return methods;
  }

  /** The methods of a type by name: declared on it anywhere in its package, and promoted from the structs it embeds. */
  #typeMethods(type: ResolverSymbol, depth: number, seen: Set<number>): Map<string, ResolverSymbol> {
    const methods = new Map(this.#declaredMethods(type));
    if (depth > MAX_EMBEDDING || seen.has(type.id)) return methods;
    seen.add(type.id);
    for (const base of this.#ctx.bases.get(type.id) ?? []) {
      if (base.kind === 'interface') continue;
      for (const [name, method] of this.#typeMethods(base, depth + 1, seen)) if (!methods.has(name)) methods.set(name, method);
    }
    return methods;
  }

  #declaredMethods(type: ResolverSymbol): ReadonlyMap<string, ResolverSymbol> {
    const key = this.#ctx.project.packageKey(type.fileId) ?? `file:${type.fileId}`;
    let byType = this.#methodsByPackage.get(key);
    if (byType === undefined) {
      byType = new Map();
      for (const file of siblingFiles(this.#ctx, type.fileId)) {
        for (const s of this.#ctx.project.symbolsOf(file)) {
          if (s.kind !== 'method' || s.parentId !== null) continue;
          const dot = s.qualifiedName.lastIndexOf('.');
          if (dot <= 0) continue;
          const owner = s.qualifiedName.slice(0, dot);
          let methods = byType.get(owner);
          if (methods === undefined) byType.set(owner, (methods = new Map()));
          if (!methods.has(s.name)) methods.set(s.name, s);
        }
      }
      this.#methodsByPackage.set(key, byType);
    }
    return byType.get(type.qualifiedName || type.name) ?? NO_METHODS;
  }
}

/** Whether a type's method `method` has the interface method `declared`'s types (true when either signature is unknown). */
function sameShape(method: ResolverSymbol | undefined, declared: ResolverSymbol): boolean {
  if (method === undefined) return false;
  const mine = method.signature === undefined ? undefined : goShape(method.signature);
  const theirs = declared.signature === undefined ? undefined : goShape(declared.signature);
  return mine === undefined || theirs === undefined || mine === theirs;
}

const TYPE_KEYWORDS: ReadonlySet<string> = new Set(['chan', 'func', 'map', 'struct', 'interface']);

/**
 * A Go method's parameter and result types from its signature (`func (s *Square) Read(p []byte)
 * (n int, err error)` and the interface's `Read(p []byte) (int, error)` both give
 * `([]byte)(int,error)`): names dropped, package qualifiers dropped (`os.FileInfo` is `FileInfo`
 * from another package), `any` as `interface{}`. Undefined for text that does not read as one.
 */
export function goShape(signature: string): string | undefined {
  let text = signature.replace(/\s+/g, ' ').trim();
  if (text.startsWith('func ')) {
    text = text.slice(5).trimStart();
    if (text.startsWith('(')) {
      const end = closing(text, 0);
      if (end < 0) return undefined;
      text = text.slice(end + 1).trimStart();
    }
  }
  const name = /^[A-Za-z_]\w*/.exec(text);
  if (name === null) return undefined;
  let at = name[0].length;
  if (text[at] === '[') {
    at = closing(text, at) + 1;
    if (at <= 0) return undefined;
  }
  if (text[at] !== '(') return undefined;
  const end = closing(text, at);
  if (end < 0) return undefined;
  const params = typeList(text.slice(at + 1, end));
  let rest = text.slice(end + 1).trim();
  if (rest.endsWith('{')) rest = rest.slice(0, -1).trim();
  const results = rest.startsWith('(') ? typeList(rest.slice(1, closing(rest, 0))) : rest === '' ? [] : [normalType(rest)];
  return `(${params.join(',')})(${results.join(',')})`;
}

/** The index of the bracket closing the one at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The types of a parameter or result list, named (`a, b int`) or not (`int, error`). */
function typeList(list: string): string[] {
  const parts = splitTop(list).map((p) => p.trim()).filter((p) => p !== '');
  const named = parts.some((p) => {
    const space = p.indexOf(' ');
    const first = space < 0 ? p : p.slice(0, space);
    return space > 0 && /^[A-Za-z_]\w*$/.test(first) && !TYPE_KEYWORDS.has(first);
  });
  if (!named) return parts.map(normalType);
  const types: string[] = [];
  let waiting = 0;
  for (const p of parts) {
    const space = p.indexOf(' ');
    if (space < 0) {
      waiting++;
      continue;
    }
    const type = normalType(p.slice(space + 1));
    for (; waiting > 0; waiting--) types.push(type);
    types.push(type);
  }
  return types;
}

/** Splits at the commas outside brackets. */
function splitTop(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(list.slice(from));
  return parts;
}

function normalType(type: string): string {
  return type.replace(/\s+/g, '').replace(/[A-Za-z_]\w*\.(?=[A-Za-z_])/g, '').replace(/\bany\b/g, 'interface{}');
}
