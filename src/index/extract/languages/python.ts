/**
 * Python: classes, functions, methods, lambdas bound to names, module constants and class
 * attributes, decorators, docstrings, imports, calls and type hints.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { FUNCTION_KINDS, type FileExtraction, type NodeKind } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { cleanComment, leadingComment, unquote } from '../comments.js';
import { PYTHON_PROPERTIES, markEscapedLocals } from '../escaped-locals.js';
import { namesClass, typedChain, type FileTypes } from '../local-types.js';
import { isUpperSnake } from '../names.js';
import { receiverText } from '../receivers.js';
import type { PathShape } from '../receivers.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { PYTHON_PARAMETERS, attributeReceiver, builtinType, noteAttribute, noteParameter, pythonTypes, type PythonTypes } from './python-receivers.js';
import { notePathConstant } from './python-route-paths.js';
import { decoratorRoutes, djangoRoute, noteRouter, noteUrlTable, pythonRouters, registeredRouter, urlRule, type PythonRouters } from './python-routes.js';

const TYPES: ReadonlySet<string> = new Set([
  'function_definition', 'class_definition', 'decorator', 'import_statement', 'import_from_statement',
  'future_import_statement', 'assignment', 'augmented_assignment', 'call', 'type', ...PYTHON_PARAMETERS,
]);
const CALLS: ReadonlySet<string> = new Set(['call']);

const SHAPE: PathShape = {
  leaves: new Set(['identifier']),
  members: { attribute: ['object', 'attribute', '.'] },
  calls: { call: 'function' },
  wrappers: new Set(['parenthesized_expression', 'await']),
  subscripts: { subscript: 'value' },
};

/** Builtin names whose appearance in a type hint is not worth a reference. */
const BUILTIN_TYPES: ReadonlySet<string> = new Set([
  'int', 'str', 'float', 'bool', 'bytes', 'None', 'object', 'list', 'dict', 'set', 'tuple', 'type',
  'complex', 'frozenset', 'bytearray',
]);

const CLASSLIKE: ReadonlySet<NodeKind> = new Set(['class']);
const isComment = (type: string): boolean => type === 'comment';

/** Extracts symbols, references and imports from Python files. */
export const pythonExtractor: LanguageExtractor = {
  languages: ['python'],
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const b = new ExtractionBuilder(language);
    const typed = pythonTypes();
    const routers = pythonRouters(source);
    const chains = new Set<number>();
    const visit = (node: Node, type: string): boolean | void => enter(b, node, type, { typed, routers, chains });
    walk(tree.rootNode, b, TYPES, visit);
    markEscapedLocals(b, tree.rootNode, PYTHON_PROPERTIES);
    return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};

/** What one file's walk keeps: types, routers, and the inner links of chained assignments seen so far. */
interface WalkState {
  readonly typed: PythonTypes;
  readonly routers: PythonRouters;
  readonly chains: Set<number>;
}

function enter(b: ExtractionBuilder, node: Node, type: string, state: WalkState): boolean | void {
  const { typed, routers } = state;
  if (PYTHON_PARAMETERS.has(type)) return noteParameter(b, typed, node);
  switch (type) {
    case 'function_definition':
    case 'class_definition':
      return definition(b, node, type === 'class_definition', state);
    case 'decorator':
      // Recorded by the decorated definition, which knows its target.
      return false;
    case 'import_statement':
      importStatement(b, node);
      return false;
    case 'import_from_statement':
    case 'future_import_statement':
      importFrom(b, node);
      return false;
    case 'assignment': {
      // An inner link of a chain (`b = 1` in `a = b = 1`) is no statement of its own.
      const link = state.chains.has(node.id);
      if (!link) noteChain(node, state.chains);
      noteTypes(b, node, typed);
      noteRouter(routers, node);
      if (!link) notePathConstant(routers.constants, node);
      noteUrlTable(routers, node);
      if (!link) assignment(b, node);
      return;
    }
    case 'augmented_assignment':
      noteUrlTable(routers, node);
      return;
    case 'call':
      call(b, node, typed);
      djangoRoute(b, node, routers);
      urlRule(b, node, routers);
      registeredRouter(b, node, routers);
      return;
    case 'type':
      typeRefs(b, node);
      return false;
    default:
      return;
  }
}

function isPublicName(name: string): boolean {
  return !name.startsWith('_') || (name.startsWith('__') && name.endsWith('__'));
}

function definition(b: ExtractionBuilder, node: Node, isClass: boolean, state: WalkState): boolean | void {
  const { typed, routers } = state;
  const nameNode = node.childForFieldName('name');
  const name = nameNode?.text ?? '';
  if (name === '') return;
  const parent = b.symbolAt(b.current);
  let kind: NodeKind = 'class';
  if (!isClass) {
    kind = parent !== undefined && CLASSLIKE.has(parent.kind) ? (name === '__init__' ? 'constructor' : 'method') : 'function';
  }
  const body = node.childForFieldName('body');
  const decorated = node.parent?.type === 'decorated_definition' ? node.parent : null;
  const inFunction = parent !== undefined && FUNCTION_KINDS.has(parent.kind);
  const index = b.define(kind, name, node, {
    exported: isPublicName(name) && !inFunction && (parent === undefined || parent.exported),
    // The body starts at its first statement, so a comment after the colon would end up in the head.
    signature: headText(node, body).replace(/:\s*#.*$/, ''),
    docstring: docstring(body) ?? leadingComment(decorated ?? node, isComment),
  });
  const outer = b.current;
  b.open(index);
  if (decorated !== null) {
    for (const d of decorated.namedChildren) {
      if (d?.type !== 'decorator') continue;
      if (!isClass && nameNode !== null) decoratorRoutes(b, d, { name, node: nameNode }, outer, routers);
      let expr = d.namedChild(0);
      if (expr?.type === 'call') {
        const args = expr.childForFieldName('arguments');
        if (args !== null) walk(args, b, CALLS, (n) => { call(b, n, typed); });
        expr = expr.childForFieldName('function');
      }
      if (expr !== null) qualifiedRef(b, 'decorates', expr);
    }
  }
  if (isClass) {
    const bases = node.childForFieldName('superclasses');
    for (const base of bases?.namedChildren ?? []) {
      if (base === null || base.type === 'keyword_argument') continue;
      qualifiedRef(b, 'extends', base.type === 'subscript' ? (base.childForFieldName('value') ?? base) : base);
    }
    if (body !== null) walk(body, b, TYPES, (n, t) => enter(b, n, t, state));
    const typeParams = node.childForFieldName('type_parameters');
    if (typeParams !== null) walk(typeParams, b, TYPES, (n, t) => enter(b, n, t, state));
    return false;
  }
  return;
}

/** The docstring: a string literal as the first statement of the body. */
function docstring(body: Node | null): string | undefined {
  const first = body?.namedChild(0);
  if (first?.type !== 'expression_statement') return undefined;
  const str = first.namedChild(0);
  if (str?.type !== 'string') return undefined;
  const text = cleanDocstring(unquote(str.text));
  return text === '' ? undefined : text;
}

/** Dedents a docstring the way `inspect.cleandoc` does, so the stored text reads naturally. */
function cleanDocstring(text: string): string {
  const lines = text.split('\n');
  let indent = Infinity;
  for (const line of lines.slice(1)) {
    const stripped = line.trimStart();
    if (stripped !== '') indent = Math.min(indent, line.length - stripped.length);
  }
  const out = [lines[0]?.trim() ?? '', ...lines.slice(1).map((l) => (indent === Infinity ? l : l.slice(indent)).trimEnd())];
  return cleanComment(out.join('\n'));
}

/**
 * Adds the inner links of the chain of assignments `head` starts (`a = b = c = 1`) to `inner`, read
 * once from the head: a node's parent is found by walking down from the root, so asking each link
 * of a long chain for its own took time quadratic in the chain (20,000 links: 8 s).
 */
function noteChain(head: Node, inner: Set<number>): void {
  for (let link = head.childForFieldName('right'); link?.type === 'assignment'; link = link.childForFieldName('right')) inner.add(link.id);
}

/**
 * A module-level variable or constant, a class attribute, or a lambda bound to a name: a
 * function (a method in a class body, a local function inside a function, as a nested `def`
 * would be), opened so the calls in its body belong to it.
 */
function assignment(b: ExtractionBuilder, node: Node): void {
  const parent = b.symbolAt(b.current);
  if (node.parent?.type !== 'expression_statement') return;
  const left = node.childForFieldName('left');
  if (left?.type !== 'identifier') return;
  const right = node.childForFieldName('right');
  const lambda = right?.type === 'lambda';
  if (parent !== undefined && parent.kind !== 'class' && !lambda) return;
  const name = left.text;
  let kind: NodeKind = parent !== undefined ? 'field' : isUpperSnake(name) ? 'constant' : 'variable';
  if (lambda) kind = parent?.kind === 'class' ? 'method' : 'function';
  const statement = node.parent;
  const index = b.define(kind, name, node, {
    exported: isPublicName(name) && (parent === undefined || (parent.kind === 'class' && parent.exported)),
    signature: headText(node, null),
    docstring: leadingComment(statement, isComment),
  });
  if (lambda) b.open(index);
}

/**
 * Records what an assignment tells of types: `name = Class(...)` (or `module.Class(...)`) in the
 * current scope, and the class attribute it declares (`repo: Repo`, `self.repo = …`); a value
 * another call returns as that call (`make_repo()`).
 */
function noteTypes(b: ExtractionBuilder, node: Node, typed: PythonTypes): void {
  const left = node.childForFieldName('left');
  if (left === null) return;
  const right = node.childForFieldName('right');
  const fn = right?.type === 'call' ? right.childForFieldName('function') : null;
  const path = fn !== null && (fn.type === 'identifier' || fn.type === 'attribute') ? receiverText(fn, SHAPE) : undefined;
  // A value a call returns is typed by resolution, from what the called function returns.
  const made = (path !== undefined && namesClass(path) ? path : undefined) ?? builtinType(right) ?? (path !== undefined && !path.includes('…') ? `${path}()` : undefined);
  if (left.type === 'identifier') typed.locals.note(b.current, left.text, made);
  noteAttribute(b, typed, node, left, made);
}

function call(b: ExtractionBuilder, node: Node, typed: FileTypes): void {
  const fn = node.childForFieldName('function');
  if (fn !== null) qualifiedRef(b, 'calls', fn, typed);
}

function qualifiedRef(b: ExtractionBuilder, kind: 'calls' | 'extends' | 'decorates', node: Node, typed?: FileTypes): void {
  if (node.type === 'identifier') {
    b.ref(kind, node.text, node);
  } else if (node.type === 'attribute') {
    const attr = node.childForFieldName('attribute');
    const object = node.childForFieldName('object');
    if (attr === null) return;
    let receiver = object !== null ? receiverText(object, SHAPE) : undefined;
    if (receiver === 'super()') receiver = 'super';
    if (object?.type === 'identifier' && typed !== undefined) receiver = typed.locals.typeOf(b.current, object.text) ?? receiver;
    else if (object?.type === 'call' && typed !== undefined && receiver !== undefined) receiver = typedChain(b, typed, receiver, 'self') ?? receiver;
    else if (object?.type === 'attribute' && typed !== undefined) receiver = attributeReceiver(b, typed, object) ?? receiver;
    else receiver = builtinType(object) ?? receiver;
    b.ref(kind, attr.text, attr, receiver);
  }
}

/** References from a type hint: every named class in it, generics included. */
function typeRefs(b: ExtractionBuilder, node: Node): void {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === undefined) break;
    if (n.type === 'identifier') {
      if (!BUILTIN_TYPES.has(n.text)) b.ref('references', n.text, n);
    } else if (n.type === 'attribute') {
      const attr = n.childForFieldName('attribute');
      const object = n.childForFieldName('object');
      if (attr !== null) b.ref('references', attr.text, attr, object !== null ? receiverText(object, SHAPE) : undefined);
    } else if (n.type !== 'string') {
      for (let i = n.namedChildCount - 1; i >= 0; i--) {
        const c = n.namedChild(i);
        if (c !== null) stack.push(c);
      }
    }
  }
}

function importStatement(b: ExtractionBuilder, node: Node): void {
  const line = node.startPosition.row + 1;
  for (const entry of node.childrenForFieldName('name')) {
    if (entry === null) continue;
    if (entry.type === 'aliased_import') {
      const module = entry.childForFieldName('name')?.text ?? '';
      const alias = entry.childForFieldName('alias')?.text ?? module;
      b.addImport({ module, names: [], namespace: alias, reexport: false, line });
    } else {
      // `import a.b` binds `a`, but code then spells `a.b.f()`: the dotted name is the useful key.
      b.addImport({ module: entry.text, names: [], namespace: entry.text, reexport: false, line });
    }
  }
}

function importFrom(b: ExtractionBuilder, node: Node): void {
  const moduleNode = node.childForFieldName('module_name');
  const module = node.type === 'future_import_statement' ? '__future__' : (moduleNode?.text.replace(/\s+/g, '') ?? '');
  const names: { imported: string; local: string }[] = [];
  for (const child of node.namedChildren) {
    if (child?.type === 'wildcard_import') names.push({ imported: '*', local: '*' });
  }
  for (const entry of node.childrenForFieldName('name')) {
    if (entry === null) continue;
    if (entry.type === 'aliased_import') {
      const imported = entry.childForFieldName('name')?.text ?? '';
      names.push({ imported, local: entry.childForFieldName('alias')?.text ?? imported });
    } else {
      names.push({ imported: entry.text, local: entry.text });
    }
  }
  b.addImport({ module, names, reexport: false, line: node.startPosition.row + 1 });
}
