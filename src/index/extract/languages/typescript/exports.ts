/**
 * What a TypeScript/JavaScript file exports: ES `export` statements (re-exports, export lists,
 * `export default`, `export =`); CommonJS exports are in ./assignments.ts.
 */
import type { Node } from 'web-tree-sitter';
import { unquote } from '../../comments.js';
import { defineClass, defineFunction } from './definitions.js';
import type { FileState } from './file-state.js';
import { FUNCTION_VALUES } from './syntax.js';

type ExportedNames = { imported: string; local: string }[];

/**
 * An `export` statement: a re-export from another module is an import; an export list or a
 * default identifier marks names exported; `export default function/class` defines it. A
 * declaration after `export` is left to its own visitor, which sees the `export` as its parent.
 */
export function visitExport(state: FileState, statement: Node): boolean | void {
  const source = statement.childForFieldName('source');
  const clause = statement.namedChildren.find((child) => child?.type === 'export_clause');
  const specifiers = exportSpecifiers(clause);
  if (source !== null) {
    reexport(state, statement, source, clause != null ? specifiers : undefined);
    return false;
  }
  if (clause != null) {
    for (const specifier of specifiers) markExported(state, specifier.imported, statement);
    return false;
  }
  const value = statement.childForFieldName('value');
  if (value !== null) return exportValue(state, statement, value);
  const bare = statement.namedChildren.find((child) => child?.type === 'identifier');
  if (bare != null) markExported(state, bare.text, bare);
  return;
}

/** `{ a, b as c }` of an export clause (none when there is no clause). */
function exportSpecifiers(clause: Node | null | undefined): ExportedNames {
  const specifiers: ExportedNames = [];
  for (const specifier of clause?.namedChildren ?? []) {
    if (specifier?.type !== 'export_specifier') continue;
    const name = specifier.childForFieldName('name');
    if (name === null) continue;
    specifiers.push({ imported: name.text, local: specifier.childForFieldName('alias')?.text ?? name.text });
  }
  return specifiers;
}

/** `export * from 'm'`, `export * as ns from 'm'` and `export { a } from 'm'` (`listed` set). */
function reexport(state: FileState, statement: Node, source: Node, listed: ExportedNames | undefined): void {
  const module = unquote(source.text);
  const line = statement.startPosition.row + 1;
  const namespaceExport = statement.namedChildren.find((child) => child?.type === 'namespace_export');
  if (namespaceExport != null) {
    const local = namespaceExport.namedChild(0)?.text ?? '*';
    state.builder.addImport({ module, names: [{ imported: '*', local }], namespace: local, reexport: true, line });
  } else if (listed === undefined) {
    state.builder.addImport({ module, names: [{ imported: '*', local: '*' }], reexport: true, line });
  } else {
    state.builder.addImport({ module, names: listed, reexport: true, line });
  }
}

/** `export default <expr>` and `export = <expr>`: a function or class is defined, a name marked. */
function exportValue(state: FileState, statement: Node, value: Node): boolean | void {
  if (FUNCTION_VALUES.has(value.type) || value.type === 'class') {
    const name = value.childForFieldName('name')?.text ?? 'default';
    if (value.type === 'class') {
      defineClass(state, value, statement, name);
    } else {
      defineFunction(state, value, statement, name, value.childForFieldName('body'));
      state.visit(value);
    }
    return false;
  }
  if (value.type === 'identifier') markExported(state, value.text, value);
  return;
}

/** Records an `exports` ref to `name` and remembers to mark its top-level symbol exported. */
function markExported(state: FileState, name: string, node: Node): void {
  state.exportedNames.add(name);
  state.builder.ref('exports', name, node);
}

/** Marks exported the top-level symbols whose names an export list or default export named. */
export function applyExportedNames(state: FileState): void {
  if (state.exportedNames.size === 0) return;
  const builder = state.builder;
  for (let index = 0; index < builder.symbolCount; index++) {
    const symbol = builder.symbolAt(index);
    if (symbol !== undefined && symbol.parent === -1 && state.exportedNames.has(symbol.name)) {
      builder.amend(index, { exported: true });
    }
  }
}
