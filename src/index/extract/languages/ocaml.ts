/**
 * OCaml: modules and functors, module types (as interfaces) and their `val` specifications,
 * top-level `let` bindings (functions when they take parameters or are `fun`/`function`
 * expressions), `external` primitives, types (variants as enums with their constructors, records
 * as structs with their fields, the rest as aliases), exceptions, classes with methods and
 * instance variables; `open`/`include` and module aliases as imports, applications (including
 * `x |> f` and `f @@ x`), method sends and `new`.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction, NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, sourceHead } from '../builder.js';
import { cleanComment } from '../comments.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';

const TYPES: ReadonlySet<string> = new Set([
  'open_module', 'include_module', 'module_binding', 'module_type_definition', 'value_specification',
  'external', 'let_binding', 'type_binding', 'exception_definition', 'class_binding', 'method_definition',
  'instance_variable_definition', 'application_expression', 'infix_expression', 'method_invocation',
  'new_expression',
]);

/** Places where a `let` defines something visible rather than a local. */
const STRUCTURE: ReadonlySet<string> = new Set(['compilation_unit', 'structure']);
const FUNCTION_VALUES: ReadonlySet<string> = new Set(['fun_expression', 'function_expression']);

/** Extracts symbols, references and module imports from OCaml files. */
export const ocamlExtractor: LanguageExtractor = {
  languages: ['ocaml'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    walk(tree.rootNode, b, TYPES, (n, t) => enter(b, source, n, t));
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

function enter(b: ExtractionBuilder, source: string, node: Node, type: string): boolean | void {
  switch (type) {
    case 'open_module':
    case 'include_module':
      openOrInclude(b, node, type);
      return false;
    case 'module_binding':
      return moduleBinding(b, source, node);
    case 'module_type_definition': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      b.open(b.define('interface', name, node, {
        exported: true, signature: sourceHead(source, node, node.childForFieldName('body'), '='), docstring: docComment(node),
      }));
      return;
    }
    case 'value_specification':
    case 'external':
      valueSpecification(b, source, node);
      return false;
    case 'let_binding':
      return letBinding(b, source, node);
    case 'type_binding':
      return typeBinding(b, source, node);
    case 'exception_definition': {
      const ctor = node.namedChildren.find((c) => c?.type === 'constructor_declaration');
      const name = ctor?.namedChildren.find((c) => c?.type === 'constructor_name')?.text ?? '';
      if (name !== '') b.define('class', name, node, { exported: true, signature: sourceHead(source, node, null, '='), docstring: docComment(node) });
      return false;
    }
    case 'class_binding':
      classBinding(b, source, node);
      return;
    case 'method_definition': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      b.open(b.define('method', name, node, {
        exported: !hasToken(node, 'private'), signature: sourceHead(source, node, node.childForFieldName('body'), '='), docstring: docComment(node),
      }));
      return;
    }
    case 'instance_variable_definition': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      b.open(b.define('field', name, node, { signature: sourceHead(source, node, null, '='), docstring: docComment(node) }));
      return;
    }
    case 'application_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'value_path') valueRef(b, fn);
      return;
    }
    case 'infix_expression':
      infixApplication(b, node);
      return;
    case 'method_invocation':
      methodInvocation(b, node);
      return;
    case 'new_expression': {
      const path = node.namedChildren.find((c) => c?.type === 'class_path');
      const name = path?.lastNamedChild;
      if (path != null && name != null) b.ref('instantiates', name.text, name, qualifierOf(path, name));
      return false;
    }
    default:
      return;
  }
}

/** `val x : t` in a signature or an `external` primitive: a function when its type is an arrow. */
function valueSpecification(b: ExtractionBuilder, source: string, node: Node): void {
  const name = node.namedChildren.find((c) => c?.type === 'value_name')?.text ?? '';
  if (name === '') return;
  const isFunction = node.namedChildren.some((c) => c?.type === 'function_type');
  b.define(isFunction ? 'function' : 'variable', name, node, {
    exported: true, signature: sourceHead(source, node, null, '='), docstring: docComment(node),
  });
}

/** `open M` brings M's names into scope; `include M` also re-exports them. */
function openOrInclude(b: ExtractionBuilder, node: Node, type: string): void {
  const path = node.namedChildren.find((c) => c?.type === 'module_path' || c?.type === 'extended_module_path');
  if (path == null) return;
  b.addImport({
    module: path.text, names: [{ imported: '*', local: '*' }], reexport: type === 'include_module',
    line: node.startPosition.row + 1,
  });
}

/** A class, opened for its methods; the first binding of a `class … and …` group takes the group's docs. */
function classBinding(b: ExtractionBuilder, source: string, node: Node): void {
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const anchor = node.parent?.type === 'class_definition' && node.parent.firstNamedChild?.startIndex === node.startIndex ? node.parent : node;
  b.open(b.define('class', name, node, {
    exported: true, signature: sourceHead(source, anchor, node.childForFieldName('body'), '='), docstring: docComment(anchor),
  }));
}

/** `x |> f` and `f @@ x` apply `f`. */
function infixApplication(b: ExtractionBuilder, node: Node): void {
  const op = node.childForFieldName('operator');
  const opText = op !== null && op.endIndex - op.startIndex <= 2 ? op.text : '';
  const fn = opText === '|>' ? node.childForFieldName('right') : opText === '@@' ? node.childForFieldName('left') : null;
  if (fn?.type === 'value_path') valueRef(b, fn);
}

/** `obj#meth`: a call with the object as receiver when it is a short value path, `…` otherwise. */
function methodInvocation(b: ExtractionBuilder, node: Node): void {
  const method = node.namedChildren.find((c) => c?.type === 'method_name');
  const object = node.firstNamedChild;
  if (method == null) return;
  const receiver = object !== null && object.type === 'value_path' && object.endIndex - object.startIndex <= 100 ? object.text : '…';
  b.ref('calls', method.text, method, receiver);
}

/** `module M = struct … end` and functors define a module; `module L = List` aliases one. */
function moduleBinding(b: ExtractionBuilder, source: string, node: Node): boolean | void {
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const body = node.childForFieldName('body');
  if (body !== null && (body.type === 'module_path' || body.type === 'extended_module_path')) {
    b.addImport({ module: body.text, names: [], namespace: name, reexport: false, line: node.startPosition.row + 1 });
    return false;
  }
  const anchor = node.parent?.type === 'module_definition' && node.parent.firstNamedChild?.startIndex === node.startIndex ? node.parent : node;
  b.open(b.define('module', name, node, {
    exported: true, signature: sourceHead(source, anchor, body, '='), docstring: docComment(anchor),
  }));
  return;
}

function letBinding(b: ExtractionBuilder, source: string, node: Node): boolean | void {
  const definition = node.parent;
  const container = definition?.parent;
  // Only `let`s of a structure define names; `let … in` and class-local lets are locals.
  if (definition?.type !== 'value_definition' || container == null || !STRUCTURE.has(container.type)) return;
  const pattern = node.childForFieldName('pattern');
  if (pattern?.type !== 'value_name') return; // `let () = …` and tuple patterns name nothing useful
  const body = node.childForFieldName('body');
  const takesParams = node.namedChildren.some((c) => c?.type === 'parameter');
  const kind: NodeKind = takesParams || (body !== null && FUNCTION_VALUES.has(body.type)) ? 'function' : 'variable';
  // The doc comment sits above `let`, which belongs to the first binding of a `let … and …`.
  const first = definition.firstNamedChild?.startIndex === node.startIndex;
  b.open(b.define(kind, pattern.text, node, {
    exported: true,
    signature: sourceHead(source, first ? definition : node, kind === 'function' ? body : null, '='),
    docstring: first ? docComment(definition) : docComment(node),
  }));
  return;
}

function typeBinding(b: ExtractionBuilder, source: string, node: Node): boolean | void {
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return false;
  const body = node.childForFieldName('body');
  const definition = node.parent;
  const first = definition?.type === 'type_definition' && definition.firstNamedChild?.startIndex === node.startIndex;
  const anchor = first && definition !== null ? definition : node;
  const kind: NodeKind = body?.type === 'variant_declaration' ? 'enum' : body?.type === 'record_declaration' ? 'struct' : 'type_alias';
  const index = b.define(kind, name, node, {
    exported: true, signature: sourceHead(source, anchor, kind === 'type_alias' ? null : body, '='), docstring: docComment(anchor),
  });
  if (body === null || kind === 'type_alias') return false;
  b.within(index, () => {
    for (const member of body.namedChildren) {
      if (member === null) continue;
      if (member.type === 'constructor_declaration') {
        const ctor = member.namedChildren.find((c) => c?.type === 'constructor_name')?.text ?? '';
        if (ctor !== '') b.define('enum_member', ctor, member, { exported: true, signature: sourceHead(source, member, null, '=') });
      } else if (member.type === 'field_declaration') {
        const field = member.namedChildren.find((c) => c?.type === 'field_name')?.text ?? '';
        if (field !== '') b.define('field', field, member, { exported: true, signature: sourceHead(source, member, null, '=') });
      }
    }
  });
  return false;
}

/** `Mod.Sub.f` calls `f` with receiver `Mod.Sub`; a bare `f` has none. */
function valueRef(b: ExtractionBuilder, path: Node): void {
  const name = path.lastNamedChild;
  if (name === null || name.type !== 'value_name') return;
  b.ref('calls', name.text, name, qualifierOf(path, name));
}

/** The module path written before `name` inside `path`, if any. */
function qualifierOf(path: Node, name: Node): string | undefined {
  const module = path.firstNamedChild;
  if (module === null || module.startIndex === name.startIndex || module.endIndex - module.startIndex > 200) return undefined;
  return module.text;
}

function hasToken(node: Node, word: string): boolean {
  for (const child of node.children) if (child !== null && !child.isNamed && child.type === word) return true;
  return false;
}

/** The `(** … *)` comment right above `node`; plain `(* … *)` comments are not documentation. */
function docComment(node: Node): string | undefined {
  const prev = node.previousNamedSibling;
  if (prev?.type !== 'comment' || prev.endPosition.row < node.startPosition.row - 1) return undefined;
  const text = prev.text;
  if (!text.startsWith('(**') || text.startsWith('(***')) return undefined;
  const cleaned = cleanComment(text);
  return cleaned === '' ? undefined : cleaned;
}

