/**
 * Language families: languages that can see each other's symbols (TypeScript imports JavaScript,
 * Kotlin calls Java, C++ includes C headers) share one family, and resolution never crosses it.
 */

/** How far a bare name (no receiver, not imported, not in the file) may be looked up. */
export type BareNameScope = 'module' | 'package' | 'project';

/** Rules of one family that change how names bind. */
export interface FamilyTraits {
  /**
   * `module`: a bare name must be defined in the file or imported (Python), so name matching across
   * the project would only invent edges to builtins and externals. `package`: the file's package
   * (Go). `project`: anywhere, ranked by proximity.
   */
  readonly bareNames: BareNameScope;
  /**
   * Unqualified calls inside a method may mean `this.x()` (Java, C#, C++ …), so the enclosing
   * class and its bases are searched before the file.
   */
  readonly implicitThis: boolean;
  /**
   * A top-level symbol that is not exported cannot be used from another directory (static C
   * functions, unexported Go/TS names), so name matching drops it.
   */
  readonly enforcesExport: boolean;
  /**
   * Types built into the language whose methods no project class defines (`list`, `str`), as the
   * extractor records the receiver of a call on a literal or on a variable one made: such a call
   * binds to nothing when the project has no class of that name (`parts.append()` is not
   * `ListMixin.append`).
   */
  readonly builtinTypes?: ReadonlySet<string>;
}

const FAMILY_BY_LANGUAGE: ReadonlyMap<string, string> = new Map([
  ['javascript', 'js'], ['typescript', 'js'], ['tsx', 'js'], ['jsx', 'js'], ['vue', 'js'],
  ['svelte', 'js'],
  ['python', 'python'],
  ['go', 'go'],
  ['rust', 'rust'],
  ['java', 'jvm'], ['kotlin', 'jvm'], ['scala', 'jvm'], ['groovy', 'jvm'],
  ['c', 'c'], ['cpp', 'c'], ['c++', 'c'], ['objc', 'c'], ['cuda', 'c'],
  ['csharp', 'csharp'], ['c_sharp', 'csharp'], ['c#', 'csharp'],
  ['php', 'php'],
  ['ruby', 'ruby'],
]);

const TRAITS: ReadonlyMap<string, FamilyTraits> = new Map([
  // JS files without imports are classic scripts sharing globals; see `bareNameScopeOf`.
  ['js', {
    bareNames: 'module', implicitThis: false, enforcesExport: true,
    builtinTypes: new Set(['Array', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'String', 'Number', 'Object', 'RegExp', 'Date', 'Error', 'URL', 'URLSearchParams']),
  }],
  ['python', {
    bareNames: 'module', implicitThis: false, enforcesExport: false,
    builtinTypes: new Set(['str', 'bytes', 'bytearray', 'int', 'float', 'list', 'dict', 'set', 'frozenset', 'tuple']),
  }],
  ['go', { bareNames: 'package', implicitThis: false, enforcesExport: true }],
  ['rust', { bareNames: 'project', implicitThis: false, enforcesExport: true }],
  ['jvm', { bareNames: 'project', implicitThis: true, enforcesExport: true }],
  ['c', { bareNames: 'project', implicitThis: true, enforcesExport: true }],
  ['csharp', { bareNames: 'project', implicitThis: true, enforcesExport: true }],
  ['php', { bareNames: 'project', implicitThis: false, enforcesExport: false }],
  ['ruby', { bareNames: 'project', implicitThis: true, enforcesExport: false }],
]);

const DEFAULT_TRAITS: FamilyTraits = { bareNames: 'project', implicitThis: false, enforcesExport: false };

/** The family of a language id; unknown languages form a family of their own. */
export function familyOf(language: string): string {
  return FAMILY_BY_LANGUAGE.get(language.toLowerCase()) ?? language.toLowerCase();
}

/** The binding rules of a family. */
export function traitsOf(family: string): FamilyTraits {
  return TRAITS.get(family) ?? DEFAULT_TRAITS;
}
