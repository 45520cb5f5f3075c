/**
 * What a TypeScript/JavaScript file imports: ES `import` statements, TypeScript's
 * `import x = require('y')`, CommonJS `require('y')` and dynamic `import('y')`.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../../builder.js';
import { unquote } from '../../comments.js';

type ImportedNames = { imported: string; local: string }[];

/** Records an `import` statement (ES or `import x = require`) as one import. */
export function importStatement(builder: ExtractionBuilder, statement: Node): void {
  const source = statement.childForFieldName('source');
  if (source === null) {
    importRequireClause(builder, statement);
    return;
  }
  const names: ImportedNames = [];
  let namespace: string | undefined;
  const clause = statement.namedChildren.find((child) => child?.type === 'import_clause');
  for (const part of clause?.namedChildren ?? []) {
    if (part === null) continue;
    if (part.type === 'identifier') names.push({ imported: 'default', local: part.text });
    else if (part.type === 'namespace_import') namespace = part.namedChild(0)?.text;
    else if (part.type === 'named_imports') namedImports(part, names);
  }
  builder.addImport({
    module: unquote(source.text), names, reexport: false, line: statement.startPosition.row + 1,
    ...(namespace !== undefined ? { namespace } : {}),
  });
}

/** `import x = require('y')` in TypeScript: the module bound to one namespace name. */
function importRequireClause(builder: ExtractionBuilder, statement: Node): void {
  const clause = statement.namedChildren.find((child) => child?.type === 'import_require_clause');
  if (clause == null) return;
  const binding = clause.namedChild(0);
  const source = clause.childForFieldName('source');
  if (binding !== null && source !== null) {
    builder.addImport({
      module: unquote(source.text), names: [], namespace: binding.text, reexport: false,
      line: statement.startPosition.row + 1,
    });
  }
}

/** `{ a, b as c }` of an import clause, appended to `names`. */
function namedImports(list: Node, names: ImportedNames): void {
  for (const specifier of list.namedChildren) {
    if (specifier?.type !== 'import_specifier') continue;
    const imported = specifier.childForFieldName('name')?.text;
    if (imported === undefined) continue;
    names.push({ imported, local: specifier.childForFieldName('alias')?.text ?? imported });
  }
}

/** True for `require('literal')`: a call whose module can be known without running it. */
export function isRequireCall(node: Node): boolean {
  if (node.type !== 'call_expression') return false;
  const callee = node.childForFieldName('function');
  if (callee?.type !== 'identifier' || callee.text !== 'require') return false;
  const argument = node.childForFieldName('arguments')?.namedChild(0);
  return argument?.type === 'string';
}

/** Records `local` as module `module` itself: the module object for `x.f()`, its exported value for `x()` / `new x()`. */
export function namespaceImport(builder: ExtractionBuilder, module: string, local: string, line: number): void {
  builder.addImport({ module, names: [{ imported: 'default', local }], namespace: local, reexport: false, line });
}

/**
 * Records a `require('y')` call as an import: bound to a namespace name (`const x = require…`),
 * to destructured names (`const { a, b: c } = require…`), or to nothing (`binding` null).
 */
export function requireImport(builder: ExtractionBuilder, call: Node, binding: Node | null): void {
  const argument = call.childForFieldName('arguments')?.namedChild(0);
  if (argument == null) return;
  const module = unquote(argument.text);
  const line = call.startPosition.row + 1;
  if (binding?.type === 'identifier') {
    namespaceImport(builder, module, binding.text, line);
    return;
  }
  const names: ImportedNames = [];
  if (binding?.type === 'object_pattern') {
    for (const property of binding.namedChildren) {
      if (property?.type === 'shorthand_property_identifier_pattern') {
        names.push({ imported: property.text, local: property.text });
      } else if (property?.type === 'pair_pattern') {
        const key = property.childForFieldName('key');
        const value = property.childForFieldName('value');
        if (key !== null && value !== null) names.push({ imported: key.text, local: value.text });
      }
    }
  }
  builder.addImport({ module, names, reexport: false, line });
}

/** Records `import('y')` with a literal module as an import of no particular names. */
export function dynamicImport(builder: ExtractionBuilder, call: Node): void {
  const argument = call.childForFieldName('arguments')?.namedChild(0);
  if (argument?.type === 'string') {
    builder.addImport({ module: unquote(argument.text), names: [], reexport: false, line: call.startPosition.row + 1 });
  }
}
