/**
 * C and C++: functions, records (struct/union/class), enums, typedefs, macros, namespaces,
 * out-of-line methods (`A::f` qualified `A.f`), base classes, `#include`, calls and `new`.
 * One module because the C++ grammar extends the C grammar node for node.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { FUNCTION_KINDS, type FileExtraction, type NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment } from '../comments.js';
import { LocalTypes, receiverClass, type FileTypes } from '../local-types.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { shallowNodes, walk } from '../walk.js';
import { maskAttributeMacros } from './c-attributes.js';
import { blankFailedMacroLines } from './c-bare-macros.js';
import { findIteratorMacros, maskIteratorMacros, type IteratorMacro } from './c-iterators.js';
import { addValueRefs } from './c-values.js';

const TYPES: ReadonlySet<string> = new Set([
  'preproc_include', 'preproc_def', 'preproc_function_def', 'function_definition', 'struct_specifier',
  'union_specifier', 'class_specifier', 'enum_specifier', 'type_definition', 'namespace_definition',
  'call_expression', 'new_expression', 'field_declaration', 'declaration', 'while_statement',
]);

/** What declares a C++ function's locals and parameters. */
const LOCAL_DECLARATIONS: ReadonlySet<string> = new Set(['declaration', 'parameter_declaration', 'optional_parameter_declaration', 'for_range_loop']);

/** C++ also notes what its locals hold (C's calls through fields are function pointers, not methods). */
const CPP_TYPES: ReadonlySet<string> = new Set([...TYPES, ...LOCAL_DECLARATIONS]);

/** The node types a walk of this language visits. */
function typesFor(typed: Typed | undefined): ReadonlySet<string> {
  return typed === undefined ? TYPES : CPP_TYPES;
}

/** Smart pointers: calls through one reach its pointee's methods. */
const POINTERS: ReadonlySet<string> = new Set(['unique_ptr', 'shared_ptr', 'weak_ptr']);

/**
 * What a C++ call's object holds: the class of each function's locals and parameters (what a
 * container of them yields in a range `for`), and `Owner.field` for the file's classes, so
 * `route.match()`, `p->match()` and `this->first->match()` are recorded with the class as receiver.
 */
interface Typed extends FileTypes {
  readonly elements: LocalTypes;
}

const SHAPE: PathShape = {
  leaves: new Set(['identifier', 'this', 'field_identifier', 'qualified_identifier', 'namespace_identifier']),
  members: { field_expression: ['argument', 'field', '.'] },
  calls: { call_expression: 'function' },
  wrappers: new Set(['parenthesized_expression', 'pointer_expression']),
  subscripts: { subscript_expression: 'argument' },
};

const RECORD_KINDS: Readonly<Record<string, NodeKind>> = {
  struct_specifier: 'struct', union_specifier: 'union', class_specifier: 'class', enum_specifier: 'enum',
};
const CONTAINERS: ReadonlySet<NodeKind> = new Set(['struct', 'union', 'class']);
const isComment = (type: string): boolean => type === 'comment';

/** Extracts symbols, references and includes from C and C++ files. */
export const cExtractor: LanguageExtractor = {
  languages: ['c', 'cpp'],
  prepare(source: string): string {
    return maskAttributeMacros(maskIteratorMacros(source, iteratorMacros(source)));
  },
  recover(tree: Tree, parsed: string): string | undefined {
    return blankFailedMacroLines(tree, parsed);
  },
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const loops = macroLoopsByPosition(iteratorMacros(source));
    const typed: Typed | undefined = language === 'cpp' ? { locals: new LocalTypes(), elements: new LocalTypes(), fields: fieldTypes(tree.rootNode) } : undefined;
    const visit = (n: Node, t: string): boolean | void => {
      if (typed !== undefined && LOCAL_DECLARATIONS.has(t) && FUNCTION_KINDS.has(b.symbolAt(b.current)?.kind ?? 'file')) noteLocal(b, typed, n);
      return enter(b, n, t, visit, loops, typed);
    };
    walk(tree.rootNode, b, typesFor(typed), visit);
    addValueRefs(b, tree.rootNode);
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

type Visit = (node: Node, type: string) => boolean | void;

// `prepare` and `extract` run back to back on the same text: find the macros once.
let lastSource: string | undefined;
let lastMacros: readonly IteratorMacro[] = [];

function iteratorMacros(source: string): readonly IteratorMacro[] {
  if (source !== lastSource) {
    lastMacros = findIteratorMacros(source);
    lastSource = source;
  }
  return lastMacros;
}

/** Masked macro names by `row:column`: the `while` loops that stand for them. */
function macroLoopsByPosition(macros: readonly IteratorMacro[]): ReadonlyMap<string, string> {
  return new Map(macros.map((m) => [`${m.row}:${m.column}`, m.name]));
}

/** The macro call a masked loop stands for, recorded where the macro's name was. */
function macroLoop(b: ExtractionBuilder, node: Node, loops: ReadonlyMap<string, string>): void {
  if (loops.size === 0) return;
  const at = node.startPosition;
  const name = loops.get(`${at.row}:${at.column}`);
  if (name !== undefined) b.ref('calls', name, node);
}
function isStatic(node: Node): boolean {
  return node.namedChildren.some((c) => c?.type === 'storage_class_specifier' && c.text === 'static');
}

/** The innermost declarator: strips pointers, references, arrays and parentheses off a declarator. */
function coreDeclarator(node: Node | null): Node | null {
  let d = node;
  while (d !== null && d.type !== 'identifier' && d.type !== 'field_identifier' && d.type !== 'qualified_identifier'
    && d.type !== 'type_identifier' && d.type !== 'destructor_name' && d.type !== 'operator_name') {
    const next = innerDeclarator(d);
    if (next === null) return null;
    d = next;
  }
  return d;
}

/**
 * The declarator `d` wraps. A C++ reference (`T& at()`, `T&& f()`) holds it without a field name,
 * like parentheses do: read only by field, every method returning a reference was lost.
 */
function innerDeclarator(d: Node): Node | null {
  const named = d.childForFieldName('declarator');
  if (named !== null) return named;
  if (d.type === 'parenthesized_declarator') return d.namedChild(0);
  if (d.type === 'reference_declarator') return d.namedChild(d.namedChildCount - 1);
  return null;
}

function functionDeclarator(node: Node | null): Node | null {
  let d = node;
  while (d !== null && d.type !== 'function_declarator') d = innerDeclarator(d);
  return d;
}

function enter(b: ExtractionBuilder, node: Node, type: string, visit: Visit, loops: ReadonlyMap<string, string>, typed?: Typed): boolean | void {
  switch (type) {
    case 'while_statement':
      macroLoop(b, node, loops);
      return;
    case 'preproc_include': {
      const path = node.childForFieldName('path');
      if (path !== null) {
        const module = path.text.replace(/^["<]|[">]$/g, '');
        b.addImport({ module, names: [], reexport: false, line: node.startPosition.row + 1 });
      }
      return false;
    }
    case 'preproc_def':
    case 'preproc_function_def': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name !== '') {
        b.define('macro', name, node, { exported: true, signature: headText(node, null), docstring: leadingComment(node, isComment) });
      }
      return false;
    }
    case 'function_definition':
      return functionDefinition(b, node, typed !== undefined);
    case 'field_declaration':
    case 'declaration':
      return declaration(b, node, typed !== undefined);
    case 'namespace_definition': {
      const name = node.childForFieldName('name')?.text ?? '';
      if (name === '') return;
      b.open(b.define('namespace', name, node, {
        exported: true, signature: headText(node, node.childForFieldName('body')), docstring: leadingComment(node, isComment),
      }));
      return;
    }
    case 'type_definition': {
      const inner = node.childForFieldName('type');
      const decl = coreDeclarator(node.childForFieldName('declarator'));
      if (inner !== null) walk(inner, b, typesFor(typed), visit);
      if (decl !== null) {
        b.define('type_alias', decl.text, node, {
          exported: true, signature: headText(node, inner?.childForFieldName('body') ?? null), docstring: leadingComment(node, isComment),
        });
      }
      return false;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (fn === null) return;
      if (fn.type === 'identifier') b.ref('calls', fn.text, fn);
      else if (fn.type === 'qualified_identifier') qualifiedRef(b, 'calls', fn);
      else if (fn.type === 'field_expression') {
        const field = fn.childForFieldName('field');
        const arg = fn.childForFieldName('argument');
        const known = typed !== undefined && arg !== null ? classOf(b, typed, arg) : undefined;
        if (field !== null) b.ref('calls', field.text, field, known ?? (arg !== null ? receiverText(arg, SHAPE) : undefined));
      } else if (fn.type === 'template_function') {
        const name = fn.childForFieldName('name');
        if (name?.type === 'identifier') b.ref('calls', name.text, name);
        else if (name?.type === 'qualified_identifier') qualifiedRef(b, 'calls', name);
      }
      return;
    }
    case 'new_expression': {
      const t = node.childForFieldName('type');
      if (t?.type === 'type_identifier') b.ref('instantiates', t.text, t);
      else if (t?.type === 'qualified_identifier') qualifiedRef(b, 'instantiates', t);
      else if (t?.type === 'template_type') {
        const name = t.childForFieldName('name');
        if (name !== null) b.ref('instantiates', name.text, name);
      }
      return;
    }
    default: {
      const kind = RECORD_KINDS[type];
      if (kind === undefined) return;
      return record(b, node, kind, visit, typesFor(typed));
    }
  }
}

/**
 * `text` without its template argument lists, nested ones too, its spacing one space at most:
 * `iterator_types<It, void_t<typename iterator_traits<It>::value_type>>` (over several lines) ->
 * `iterator_types`. Stripping one level left `iterator_types <\n It,\n void_t>` as a name.
 */
function withoutTemplateArguments(text: string): string {
  let out = text;
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(/<[^<>]*>/g, '');
  }
  return out.replace(/\s*::\s*/g, '::').replace(/\s+/g, ' ').trim();
}

/** What a declared type holds: its class (a smart pointer's pointee), and what a one-argument template yields. */
function heldBy(type: Node | null): { type: string | undefined; element: string | undefined } {
  const t = type?.type === 'qualified_identifier' ? type.childForFieldName('name') : type;
  if (t?.type === 'type_identifier') return { type: type === t ? t.text : undefined, element: undefined };
  if (t?.type !== 'template_type') return { type: undefined, element: undefined };
  const args = t.childForFieldName('arguments')?.namedChildren ?? [];
  const only = args.length === 1 && args[0]?.type === 'type_descriptor' ? args[0].childForFieldName('type') : null;
  const argument = only?.type === 'type_identifier' ? only.text : undefined;
  if (POINTERS.has(t.childForFieldName('name')?.text ?? '')) return { type: argument, element: undefined };
  return { type: type === t ? t.childForFieldName('name')?.text : undefined, element: argument };
}

/** The class `auto x = new T(…)` or `auto x = std::make_unique<T>(…)` makes. */
function madeClass(value: Node | null): string | undefined {
  if (value?.type === 'new_expression') return heldBy(value.childForFieldName('type')).type;
  let fn = value?.type === 'call_expression' ? value.childForFieldName('function') : null;
  if (fn?.type === 'qualified_identifier') fn = fn.childForFieldName('name');
  if (fn?.type !== 'template_function' || !/^make_(?:unique|shared)$/.test(fn.childForFieldName('name')?.text ?? '')) return undefined;
  const args = fn.childForFieldName('arguments')?.namedChildren ?? [];
  const t = args.length === 1 && args[0]?.type === 'type_descriptor' ? args[0].childForFieldName('type') : null;
  return t?.type === 'type_identifier' ? t.text : undefined;
}

/** `Owner.field` -> its class, for the fields of the file's classes and structs. */
function fieldTypes(root: Node): Map<string, string> {
  const types = new Map<string, string>();
  for (const field of shallowNodes(root, ['field_declaration'], ['field_declaration_list'])) {
    const owner = field.parent?.parent?.childForFieldName('name')?.text;
    const held = heldBy(field.childForFieldName('type')).type;
    if (owner === undefined || held === undefined) continue;
    for (const d of field.childrenForFieldName('declarator')) {
      const core = d === null || functionDeclarator(d) !== null ? null : coreDeclarator(d);
      if (core !== null) types.set(`${owner}.${core.text}`, held);
    }
  }
  return types;
}

/** Notes the names a parameter, local declaration or range `for` makes. */
function noteLocal(b: ExtractionBuilder, typed: Typed, node: Node): void {
  const declared = heldBy(node.childForFieldName('type'));
  const auto = node.childForFieldName('type')?.type === 'placeholder_type_specifier';
  const note = (declarator: Node | null, type: string | undefined, element: string | undefined): void => {
    const core = declarator === null || functionDeclarator(declarator) !== null ? null : coreDeclarator(declarator);
    if (core?.type !== 'identifier') return;
    typed.locals.note(b.current, core.text, type);
    typed.elements.note(b.current, core.text, element);
  };
  if (node.type === 'for_range_loop') {
    const right = node.childForFieldName('right');
    const element = right?.type === 'identifier' ? typed.elements.typeOf(b.current, right.text) : undefined;
    note(node.childForFieldName('declarator'), auto ? element : declared.type, undefined);
    return;
  }
  for (const d of node.childrenForFieldName('declarator')) {
    const value = d?.type === 'init_declarator' ? d.childForFieldName('value') : null;
    note(d, auto ? madeClass(value) : declared.type, declared.element);
  }
}

/** The class a call's object holds when the file says (`route`, `first`, `this->first`). */
function classOf(b: ExtractionBuilder, typed: Typed, object: Node): string | undefined {
  if (object.type === 'identifier') return receiverClass(b, typed, object.text, false);
  const field = object.type === 'field_expression' && object.childForFieldName('argument')?.type === 'this' ? object.childForFieldName('field') : null;
  return field === null ? undefined : receiverClass(b, typed, field.text, true);
}

/** `a::b::c` -> name `c`, receiver `a::b`. */
function qualifiedRef(b: ExtractionBuilder, kind: 'calls' | 'instantiates' | 'extends', node: Node): void {
  const text = withoutTemplateArguments(node.text);
  const at = text.lastIndexOf('::');
  if (at < 0) b.ref(kind, text, node);
  else b.ref(kind, text.slice(at + 2), node, text.slice(0, at));
}

/**
 * Keywords of C, which C++ keeps, that no function or member can be named: a "definition" named
 * so is the grammar's recovery from text it could not parse (an `else if (…) {` after a `#pragma`
 * line in a body), and its body belongs to the code around it.
 */
const C_KEYWORDS: ReadonlySet<string> = new Set([
  'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'return', 'goto', 'break', 'continue', 'sizeof',
  'void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', 'auto', '_Static_assert', '_Alignof', '_Generic',
]);
/** The keywords C++ adds, which are plain names in C (`int try;`): in C++ a `decltype(…, void())` return type can make a "method" `void`. */
const CPP_KEYWORDS: ReadonlySet<string> = new Set([
  'bool', 'alignof', 'decltype', 'noexcept', 'static_assert', 'typeid', 'throw', 'try', 'catch', 'new', 'delete', 'this',
  'requires', 'co_await', 'co_return', 'co_yield',
]);

/** Whether `name` is a keyword of the file's language (C++ when `cpp`), which no definition bears. */
function isKeyword(name: string, cpp: boolean): boolean {
  return C_KEYWORDS.has(name) || (cpp && CPP_KEYWORDS.has(name));
}

function functionDefinition(b: ExtractionBuilder, node: Node, cpp: boolean): boolean | void {
  const fd = functionDeclarator(node.childForFieldName('declarator'));
  const core = coreDeclarator(fd?.childForFieldName('declarator') ?? null);
  if (core === null) return;
  const scope = definitionScope(b);
  const parent = b.symbolAt(scope);
  const inRecord = parent !== undefined && CONTAINERS.has(parent.kind);
  const body = node.childForFieldName('body');
  const common = {
    signature: headText(node, body), docstring: leadingComment(templateAnchor(node), isComment), parent: scope,
  };
  if (core.type === 'qualified_identifier') {
    // Out-of-line member definition `void A::f()`: qualify as `A.f` under any enclosing namespace.
    const text = withoutTemplateArguments(core.text);
    const parts = text.split('::');
    const name = parts[parts.length - 1] ?? text;
    const owner = parts.slice(0, -1).join('.');
    const prefix = parent?.qualifiedName ?? '';
    b.open(b.define(name === parts[parts.length - 2] ? 'constructor' : 'method', name, node, {
      ...common, exported: true, qualifiedName: `${prefix !== '' ? `${prefix}.` : ''}${owner}.${name}`,
    }));
    return;
  }
  const name = core.text;
  // Its code counts for the definition around it; directly in a record, its locals would read as fields.
  if (isKeyword(name, cpp)) return CONTAINERS.has(b.symbolAt(b.current)?.kind ?? 'file') ? false : undefined;
  const kind: NodeKind = inRecord ? (name === parent.name ? 'constructor' : 'method') : 'function';
  b.open(b.define(kind, name, node, { ...common, exported: !isStatic(node) }));
  return;
}

/**
 * The innermost open scope that is not a function: where a function definition belongs (C and C++
 * have no nested functions: a definition found inside one is a parse recovery artefact).
 */
function definitionScope(b: ExtractionBuilder): number {
  let index = b.current;
  for (let symbol = b.symbolAt(index); symbol !== undefined && FUNCTION_KINDS.has(symbol.kind); symbol = b.symbolAt(index)) {
    index = symbol.parent;
  }
  return index;
}

/** A template's doc comment sits above `template <…>`, not above the definition inside it. */
function templateAnchor(node: Node): Node {
  const parent = node.parent;
  return parent?.type === 'template_declaration' ? parent : node;
}

/** Members declared in a record: fields, and in C++ method prototypes and constructors. */
function declaration(b: ExtractionBuilder, node: Node, cpp: boolean): boolean | void {
  const parent = b.symbolAt(b.current);
  const inRecord = parent !== undefined && CONTAINERS.has(parent.kind);
  if (!inRecord) return;
  const doc = leadingComment(node, isComment);
  for (const d of node.childrenForFieldName('declarator')) {
    if (d === null) continue;
    const fd = functionDeclarator(d);
    const core = coreDeclarator(fd !== null ? fd.childForFieldName('declarator') : d);
    if (core === null || isKeyword(core.text, cpp)) continue;
    const name = core.text;
    const kind: NodeKind = fd !== null ? (name === parent.name ? 'constructor' : 'method') : 'field';
    b.define(kind, name, node, { exported: true, signature: headText(node, null), docstring: doc });
  }
  return;
}

function record(b: ExtractionBuilder, node: Node, kind: NodeKind, visit: Visit, types: ReadonlySet<string>): boolean | void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  // `struct x *p;` only mentions the type; the definition is the one with a body.
  if (nameNode === null || body === null) return;
  const name = withoutTemplateArguments(nameNode.text);
  const anchor = node.parent?.type === 'type_definition' ? node.parent : templateAnchor(node);
  const index = b.define(kind, name, node, {
    exported: true, signature: headText(node, body), docstring: leadingComment(anchor, isComment),
  });
  b.open(index);
  for (const child of node.namedChildren) {
    if (child?.type !== 'base_class_clause') continue;
    for (const base of child.namedChildren) {
      if (base === null || base.type === 'access_specifier') continue;
      if (base.type === 'type_identifier') b.ref('extends', base.text, base);
      else if (base.type === 'qualified_identifier') qualifiedRef(b, 'extends', base);
      else if (base.type === 'template_type') {
        const n = base.childForFieldName('name');
        if (n !== null) b.ref('extends', n.text, n);
      }
    }
  }
  if (kind === 'enum') {
    for (const e of body.namedChildren) {
      if (e?.type !== 'enumerator') continue;
      const en = e.childForFieldName('name')?.text ?? '';
      if (en !== '') b.define('enum_member', en, e, { exported: true, signature: e.text, docstring: leadingComment(e, isComment) });
    }
    return false;
  }
  walk(body, b, types, visit);
  return false;
}
