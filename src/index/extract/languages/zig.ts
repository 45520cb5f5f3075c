/**
 * Zig: containers bound to constants (`const Invoice = struct { … }`, enums, unions, opaque types,
 * error sets), their fields, functions and methods, top-level constants and variables, test
 * blocks; `@import` bindings and `usingnamespace`, calls and struct literals.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, sourceHead } from '../builder.js';
import { cleanComment, unquote } from '../comments.js';
import { isPascalCase } from '../names.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set([
  'variable_declaration', 'function_declaration', 'test_declaration', 'using_namespace_declaration',
  'container_field', 'call_expression', 'struct_initializer',
]);

const CONTAINER_KINDS: Readonly<Record<string, NodeKind>> = {
  struct_declaration: 'struct', opaque_declaration: 'struct', union_declaration: 'union',
  enum_declaration: 'enum', error_set_declaration: 'enum',
};
const CONTAINERS: ReadonlySet<NodeKind> = new Set(['struct', 'union', 'enum']);

/** Values that only rename something declared elsewhere (`std.mem`, `@This()`). */
const ALIASES: ReadonlySet<string> = new Set(['identifier', 'field_expression', 'builtin_function']);

const SHAPE: PathShape = {
  leaves: new Set(['identifier']),
  members: { field_expression: ['object', 'member', '.'] },
  calls: { call_expression: 'function' },
  wrappers: new Set(['try_expression', 'parenthesized_expression']),
};


/** Extracts symbols, references and `@import`s from Zig files. */
export const zigExtractor: LanguageExtractor = {
  languages: ['zig'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    walk(tree.rootNode, b, TYPES, (n, t) => enter(b, source, n, t));
    // `test` blocks sit beside the code they test in ordinary source files, so they do not make
    // the file a test file: only the path does.
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

function enter(b: ExtractionBuilder, source: string, node: Node, type: string): boolean | void {
  const scope = b.symbolAt(b.current);
  switch (type) {
    case 'variable_declaration':
      if (scope !== undefined && !CONTAINERS.has(scope.kind)) return; // a local
      return variable(b, source, node);
    case 'function_declaration': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      const body = node.childForFieldName('body');
      b.open(b.define(scope !== undefined && CONTAINERS.has(scope.kind) ? 'method' : 'function', name, node, {
        exported: hasToken(node, 'pub'), signature: sourceHead(source, node, body, '{;,'), docstring: docComment(node),
      }));
      return;
    }
    case 'test_declaration': {
      const title = node.namedChildren.find((c) => c?.type === 'string' || c?.type === 'identifier');
      const name = title == null ? 'test' : title.type === 'string' ? `test "${unquote(title.text)}"` : `test ${title.text}`;
      const body = node.namedChildren.find((c) => c?.type === 'block') ?? null;
      b.open(b.define('function', name, node, { signature: sourceHead(source, node, body, '{;,'), docstring: docComment(node) }));
      return;
    }
    case 'using_namespace_declaration': {
      const value = node.namedChildren.find((c) => c?.type === 'builtin_function') ?? null;
      const module = importPath(value);
      if (module !== undefined) {
        b.addImport({ module, names: [{ imported: '*', local: '*' }], reexport: hasToken(node, 'pub'), line: node.startPosition.row + 1 });
      }
      return false;
    }
    case 'container_field': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '' || scope === undefined) return false;
      b.define(scope.kind === 'enum' ? 'enum_member' : 'field', name, node, {
        exported: scope.exported, signature: sourceHead(source, node, null, '{;,'), docstring: docComment(node),
      });
      return false;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'identifier') {
        b.ref('calls', fn.text, fn);
      } else if (fn?.type === 'field_expression') {
        const member = fn.childForFieldName('member');
        const object = fn.childForFieldName('object');
        if (member !== null) b.ref('calls', member.text, member, object !== null ? receiverText(object, SHAPE) : undefined);
      }
      return;
    }
    case 'struct_initializer': {
      // `Invoice{ .total = 1 }` builds an Invoice.
      const t = node.firstNamedChild;
      if (t?.type === 'identifier') {
        b.ref('instantiates', t.text, t);
      } else if (t?.type === 'field_expression') {
        const member = t.childForFieldName('member');
        const object = t.childForFieldName('object');
        if (member !== null) b.ref('instantiates', member.text, member, object !== null ? receiverText(object, SHAPE) : undefined);
      }
      return;
    }
    default:
      return;
  }
}

/**
 * `const std = @import("std")` is an import bound to `std`; `const Foo = @import("x.zig").Foo`
 * imports `Foo`; a container value defines a type; private aliases of names declared elsewhere
 * (`const mem = std.mem`, `const Self = @This()`) define nothing.
 */
function variable(b: ExtractionBuilder, source: string, node: Node): boolean | void {
  let nameNode: Node | null = null;
  let value: Node | null = null;
  const typeNode = node.childForFieldName('type');
  for (const child of node.namedChildren) {
    if (child === null || child.type === 'comment' || (typeNode !== null && child.startIndex === typeNode.startIndex)) continue;
    if (nameNode === null && child.type === 'identifier') nameNode = child;
    else value = child;
  }
  if (nameNode === null) return false;
  const name = nameNode.text;
  const line = node.startPosition.row + 1;
  const exported = hasToken(node, 'pub');
  const module = importPath(value);
  if (module !== undefined) {
    b.addImport({ module, names: [], namespace: name, reexport: false, line });
    return false;
  }
  if (value?.type === 'field_expression') {
    const base = value.childForFieldName('object');
    const from = importPath(base);
    const member = value.childForFieldName('member')?.text;
    if (from !== undefined && member !== undefined) {
      b.addImport({ module: from, names: [{ imported: member, local: name }], reexport: exported, line });
      return false;
    }
  }
  const containerKind = value !== null ? CONTAINER_KINDS[value.type] : undefined;
  if (containerKind !== undefined && value !== null) {
    const index = b.define(containerKind, name, node, {
      exported, signature: sourceHead(source, node, firstBrace(value), '{;,'), docstring: docComment(node),
    });
    if (value.type === 'error_set_declaration') {
      b.within(index, () => {
        for (const e of value.namedChildren) {
          if (e?.type === 'identifier') b.define('enum_member', e.text, e, { exported, signature: e.text });
        }
      });
      return false;
    }
    b.open(index);
    return;
  }
  if (!exported && value !== null && ALIASES.has(value.type)) return false;
  const isConst = hasToken(node, 'const');
  const kind: NodeKind = value !== null && ALIASES.has(value.type) && isPascalCase(name) ? 'type_alias' : isConst ? 'constant' : 'variable';
  b.open(b.define(kind, name, node, { exported, signature: sourceHead(source, node, null, '{;,'), docstring: docComment(node) }));
  return;
}

/** The path of `@import("path")`, or undefined for any other node. */
function importPath(node: Node | null): string | undefined {
  if (node?.type !== 'builtin_function') return undefined;
  if (node.firstNamedChild?.text !== '@import') return undefined;
  const str = node.namedChildren.find((c) => c?.type === 'arguments')?.namedChildren.find((c) => c?.type === 'string');
  return str == null ? undefined : unquote(str.text);
}

/** The `{` that opens a container body, so a signature stops before it. */
function firstBrace(node: Node): Node | null {
  for (const child of node.children) if (child !== null && child.type === '{') return child;
  return null;
}

/** True when `node` has the keyword `word` among its direct tokens. */
function hasToken(node: Node, word: string): boolean {
  for (const child of node.children) {
    if (child === null) continue;
    if (!child.isNamed && child.type === word) return true;
    if (child.isNamed && child.type !== 'comment') {
      // Keywords such as `pub` and `const` come before the declared name.
      if (child.type === 'identifier' || child.type === 'parameters' || child.type === 'builtin_function') break;
    }
  }
  return false;
}

/** The `///` block right above `node` (`//!` module comments and plain `//` do not count). */
function docComment(node: Node): string | undefined {
  const parts: string[] = [];
  let below = node.startPosition.row;
  for (let s = node.previousNamedSibling; s !== null && parts.length < 40; s = s.previousNamedSibling) {
    if (s.type !== 'comment' || s.endPosition.row < below - 1) break;
    const text = s.text;
    if (!text.startsWith('///') || text.startsWith('////')) break;
    parts.push(text);
    below = s.startPosition.row;
  }
  if (parts.length === 0) return undefined;
  const text = cleanComment(parts.reverse().join('\n'));
  return text === '' ? undefined : text;
}

