import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../../model.js';
import { ExtractionBuilder, clip, countParseErrors, headText } from '../builder.js';
import { leadingComment } from '../comments.js';
import { isTestPath } from '../test-paths.js';
import { AgreedTypes, LocalTypes, ownerClass } from '../local-types.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { shortText } from '../node-helpers.js';
import { ControllerFilters, isFilterCall } from './ruby-filters.js';
import { isRoutesFile, railsRoutes, routeContexts, type RouteContexts } from './ruby-routes.js';

const TYPES = new Set(['module', 'class', 'singleton_class', 'method', 'singleton_method', 'call', 'assignment', 'operator_assignment', 'superclass', 'alias']);
const REQUIRES = new Set(['require', 'require_relative', 'load']);
const MIXINS = new Set(['include', 'extend', 'prepend']);
const ATTRIBUTES = new Set(['attr_accessor', 'attr_reader', 'attr_writer', 'attr']);
/** Calls that define a method named by their first argument (`define_method(:x) { … }`, `alias_method :new, :old`). */
const METHOD_DEFINERS = new Set(['define_method', 'define_singleton_method', 'alias_method']);
const VISIBILITY = new Set(['private', 'protected', 'public']);
const isComment = (type: string): boolean => type === 'comment';

/**
 * Ruby: modules, classes (`class << self` folds into its class), methods and `def self.x`,
 * methods made by `define_method`, `alias_method` and `alias`, constants, `attr_*` properties; calls, `X.new` instantiations, superclasses, mixins
 * (`include`/`extend`/`prepend` as implements) and `require`/`require_relative` imports.
 * Methods after a bare `private`/`protected`, or wrapped in `private def`, are not exported.
 * A call on a local or an instance variable made by `Klass.new` (`opts = Thor::Options.new(…)`,
 * `@shell = Shell.new`, `@shell ||= Shell.new`) is recorded as a call on that class, as long as
 * every assignment the walk has met agrees on it (`a, b = …` and `x += …` assign something else).
 */
export const rubyExtractor: LanguageExtractor = {
  languages: ['ruby'],
  extract: extractRuby,
};

interface State {
  readonly b: ExtractionBuilder;
  readonly source: string;
  /** Per class body: offsets where a bare `private`/`protected`/`public` switches the default. */
  readonly switches: Map<number, { at: number; hidden: boolean }[]>;
  /** Classes that locals hold, per method. */
  readonly locals: LocalTypes;
  /** Classes that instance variables hold, by `Owner.@name`. */
  readonly ivars: AgreedTypes;
  /** In a Rails routes file, whose calls declare routes: the contexts its blocks give. */
  readonly routes: RouteContexts | undefined;
  /** Controller filters (`before_action :x`) and the actions they guard, per class. */
  readonly filters: ControllerFilters;
  /**
   * The class, module and `class << self` bodies around the walk's place, innermost last, each
   * until its end offset: whether a method is written in `class << self` is read here, never by
   * asking the method for its parents (the runtime finds a parent by walking down from the root).
   */
  readonly bodies: { readonly type: string; readonly end: number }[];
}

function extractRuby(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);
  const st: State = { b, source, switches: new Map(), locals: new LocalTypes(), ivars: new AgreedTypes(), routes: isRoutesFile(path) ? routeContexts() : undefined, filters: new ControllerFilters(), bodies: [] };
  walk(tree.rootNode, b, TYPES, (node, type) => enter(st, node, type));
  st.filters.record(b);
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

function enter(st: State, node: Node, type: string): boolean | void {
  if (type === 'module' || type === 'class' || type === 'singleton_class') {
    bodyAt(st, node.startIndex);
    st.bodies.push({ type, end: node.endIndex });
  }
  switch (type) {
    case 'module':
      return defineType(st, node, 'module');
    case 'class':
      return defineType(st, node, 'class');
    case 'method':
    case 'singleton_method':
      return defineMethod(st, node);
    case 'call':
      if (st.routes !== undefined) railsRoutes(st.b, node, st.routes);
      return visitCall(st, node);
    case 'alias': {
      // `alias new_name old_name`: a second name for a method, defined here.
      const name = node.childForFieldName('name');
      if (name !== null) defineNamed(st, node, name.text.replace(/^:/, ''), 'alias');
      return false;
    }
    case 'superclass': {
      const base = node.firstNamedChild;
      if (base !== null && (base.type === 'constant' || base.type === 'scope_resolution')) refConstant(st, 'extends', base);
      return;
    }
    case 'assignment': {
      const left = node.childForFieldName('left');
      if (left !== null && left.type === 'constant') {
        st.b.define('constant', left.text, node, {
          exported: true, signature: headText(node, null), docstring: rubyDoc(node),
        });
      } else if (left !== null) {
        noteAssigned(st, left, node.childForFieldName('right'));
      }
      return;
    }
    case 'operator_assignment': {
      // `@x ||= Klass.new` (memoizing) assigns what `Klass.new` makes; `x += 1` and the rest
      // assign something else.
      const left = node.childForFieldName('left');
      if (left !== null) noteAssigned(st, left, node.child(1)?.type === '||=' ? node.childForFieldName('right') : null);
      return;
    }
    default:
      return;
  }
}

/** Whether `node` is wrapped in `private`/`protected` or follows a bare one in its body. */
function isHidden(st: State, node: Node): boolean {
  const parent = node.parent;
  if (parent === null) return false;
  if (parent.type === 'argument_list') {
    const word = parent.parent?.childForFieldName('method')?.text;
    return word === 'private' || word === 'protected';
  }
  if (parent.type !== 'body_statement' && parent.type !== 'program') return false;
  let marks = st.switches.get(parent.id);
  if (marks === undefined) {
    marks = [];
    for (const child of parent.namedChildren) {
      if (child !== null && child.type === 'identifier' && VISIBILITY.has(child.text)) {
        marks.push({ at: child.startIndex, hidden: child.text !== 'public' });
      }
    }
    st.switches.set(parent.id, marks);
  }
  let hidden = false;
  for (const mark of marks) {
    if (mark.at > node.startIndex) break;
    hidden = mark.hidden;
  }
  return hidden;
}

/** Name of the innermost class or module being walked. */
function enclosingType(b: ExtractionBuilder): string | undefined {
  for (let i = b.current; i >= 0;) {
    const symbol = b.symbolAt(i);
    if (symbol === undefined) return undefined;
    if (symbol.kind === 'class' || symbol.kind === 'module') return symbol.name;
    i = symbol.parent;
  }
  return undefined;
}

/** References a constant path: the last segment is the name, the rest (as written) the receiver. */
function refConstant(st: State, kind: 'extends' | 'implements' | 'instantiates', node: Node): void {
  if (node.type === 'scope_resolution') {
    const scope = node.childForFieldName('scope');
    st.b.ref(kind, node.childForFieldName('name')?.text ?? '', node, scope === null ? undefined : shortText(st.source, scope));
  } else {
    st.b.ref(kind, node.text, node);
  }
}

/** A class or module, qualified by its constant path, opened as the scope of its body. */
function defineType(st: State, node: Node, kind: 'class' | 'module'): void {
  const b = st.b;
  const nameNode = node.childForFieldName('name');
  if (nameNode === null) return;
  const parts = constantPath(nameNode);
  b.open(b.define(kind, parts[parts.length - 1] ?? '', node, {
    exported: true,
    signature: rubyHead(st.source, node),
    docstring: rubyDoc(node),
    qualifiedName: scopedName(b.currentQualifiedName, parts),
  }));
}

/** A `def` or `def self.x`: a method inside a class or module, otherwise a function. */
function defineMethod(st: State, node: Node): void {
  const b = st.b;
  const name = node.childForFieldName('name')?.text ?? '';
  if (name === '') return;
  const singleton = node.type === 'singleton_method';
  const owner = b.symbolAt(b.current)?.kind;
  const inType = owner === 'class' || owner === 'module';
  const exported = !name.startsWith('_') && !isHidden(st, node);
  const index = b.define(
    name === 'initialize' && !singleton ? 'constructor' : (singleton || inType ? 'method' : 'function'),
    name, node, { exported, signature: rubyHead(st.source, node), docstring: rubyDoc(node) },
  );
  // A public instance method of a class (not one of `class << self`) is an action its controller filters may guard.
  if (owner === 'class' && !singleton && exported && name !== 'initialize' && bodyAt(st, node.startIndex) !== 'singleton_class') {
    st.filters.action(b.current, index, name);
  }
  b.open(index);
}

/** The type of the innermost class, module or `class << self` body open at `at`, once those ended before it are left. */
function bodyAt(st: State, at: number): string | undefined {
  while (st.bodies.length > 0 && st.bodies[st.bodies.length - 1]!.end <= at) st.bodies.pop();
  return st.bodies[st.bodies.length - 1]?.type;
}

/** Returns false when the call was fully handled (its arguments hold nothing more to record). */
function visitCall(st: State, node: Node): boolean {
  const b = st.b;
  const method = node.childForFieldName('method');
  if (method === null || method.type !== 'identifier') return true;
  const name = method.text;
  const receiver = node.childForFieldName('receiver');
  const args = node.childForFieldName('arguments');
  if (receiver === null) {
    if (REQUIRES.has(name)) {
      const target = args === null ? undefined : literalString(args);
      if (target !== undefined) {
        b.addImport({ module: target, names: [], reexport: false, line: node.startPosition.row + 1 });
        return false;
      }
    } else if (MIXINS.has(name) && args !== null) {
      for (const arg of args.namedChildren) {
        if (arg !== null && (arg.type === 'constant' || arg.type === 'scope_resolution')) refConstant(st, 'implements', arg);
      }
      return false;
    } else if (ATTRIBUTES.has(name) && args !== null) {
      attributes(st, node, name, args);
      return false;
    } else if (METHOD_DEFINERS.has(name) && args !== null) {
      const defined = symbolName(args.firstNamedChild);
      if (defined !== undefined) {
        // The block (if any) is the method's body: it stays open while the walk goes through it.
        defineNamed(st, node, defined, name);
        return name !== 'alias_method';
      }
    } else if (isFilterCall(name) && b.symbolAt(b.current)?.kind === 'class') {
      st.filters.note(b.current, node, name);
    } else if (VISIBILITY.has(name)) {
      return true; // `private def x` is handled when the walk reaches the method.
    } else if (name === 'new') {
      // A bare `new` inside a class body or singleton method builds an instance of that class.
      const owner = enclosingType(b);
      if (owner !== undefined) {
        b.ref('instantiates', owner, method);
        return true;
      }
    }
  } else if (name === 'new' && (receiver.type === 'constant' || receiver.type === 'scope_resolution')) {
    refConstant(st, 'instantiates', receiver);
    return true;
  }
  b.ref('calls', name, method, receiver === null ? undefined : (heldClass(st, receiver) ?? shortText(st.source, receiver)));
  return true;
}

/** Notes what class an assignment gives a local or an instance variable: the one `Klass.new` makes, else none. */
function noteAssigned(st: State, left: Node, right: Node | null): void {
  if (left.type === 'left_assignment_list' || left.type === 'destructured_left_assignment' || left.type === 'rest_assignment') {
    // `a, b = …`, `(a, b), c = …`, `*rest = …`: each target gets a value no `Klass.new` names.
    for (const target of left.namedChildren) if (target !== null) noteAssigned(st, target, null);
    return;
  }
  const made = madeClass(right);
  if (left.type === 'identifier' && st.b.current >= 0) st.locals.note(st.b.current, left.text, made);
  else if (left.type === 'instance_variable') {
    const owner = ownerClass(st.b);
    if (owner !== undefined) st.ivars.note(`${owner}.${left.text}`, made);
  }
}

/** The class `Klass.new(…)` or `A::B.new(…)` makes, as written. */
function madeClass(right: Node | null): string | undefined {
  if (right?.type !== 'call' || right.childForFieldName('method')?.text !== 'new') return undefined;
  const receiver = right.childForFieldName('receiver');
  return receiver !== null && (receiver.type === 'constant' || receiver.type === 'scope_resolution') ? receiver.text : undefined;
}

/** The class a call's receiver holds: a local of the current method, or an instance variable of its class. */
function heldClass(st: State, receiver: Node): string | undefined {
  if (receiver.type === 'identifier') return st.b.current >= 0 ? st.locals.typeOf(st.b.current, receiver.text) : undefined;
  if (receiver.type !== 'instance_variable') return undefined;
  const owner = ownerClass(st.b);
  return owner === undefined ? undefined : st.ivars.get(`${owner}.${receiver.text}`);
}

/** A method defined by a call or an `alias` (`how`), opened as the scope of what it spans. */
function defineNamed(st: State, node: Node, name: string, how: string): void {
  const b = st.b;
  const owner = b.symbolAt(b.current)?.kind;
  const inType = owner === 'class' || owner === 'module';
  b.open(b.define(inType || how === 'define_singleton_method' ? 'method' : 'function', name, node, {
    exported: !name.startsWith('_') && !isHidden(st, node),
    signature: clip(st.source.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 300)).split('\n')[0] ?? '', 200),
    docstring: rubyDoc(node),
  }));
}

/** The name a `:symbol` or plain `'string'` argument spells, if it is one. */
function symbolName(arg: Node | null): string | undefined {
  if (arg === null) return undefined;
  if (arg.type === 'simple_symbol') return arg.text.slice(1);
  if (arg.type === 'string' && arg.namedChildCount === 1 && arg.firstNamedChild?.type === 'string_content') return arg.firstNamedChild.text;
  return undefined;
}

/** `attr_reader :a, :b` (`macro` names the `attr_*` call): one property per symbol. */
function attributes(st: State, node: Node, macro: string, args: Node): void {
  const hidden = isHidden(st, node);
  for (const arg of args.namedChildren) {
    if (arg === null || arg.type !== 'simple_symbol') continue;
    const attr = arg.text.slice(1);
    st.b.define('property', attr, arg, { exported: !hidden && !attr.startsWith('_'), signature: `${macro} ${arg.text}` });
  }
}

/**
 * Qualified name for `class A::B` opened inside `parentQn`: the first segment resolves lexically,
 * so when it names an enclosing scope the path continues from there instead of nesting again.
 */
function scopedName(parentQn: string, parts: readonly string[]): string {
  const outer = parentQn === '' ? [] : parentQn.split('.');
  const at = parts.length > 1 ? outer.lastIndexOf(parts[0] ?? '') : -1;
  return [...(at >= 0 ? outer.slice(0, at) : outer), ...parts].join('.');
}

/** The definition line up to its name, superclass or parameter list: comments and body excluded. */
function rubyHead(source: string, node: Node): string {
  let end = node.startIndex;
  for (const field of ['name', 'superclass', 'parameters']) {
    const child = node.childForFieldName(field);
    if (child !== null && child.endIndex > end) end = child.endIndex;
  }
  return clip(source.slice(node.startIndex, end), 200);
}

/** `A::B::C` as its segments. */
function constantPath(node: Node): string[] {
  if (node.type !== 'scope_resolution') return [node.text];
  const scope = node.childForFieldName('scope');
  const name = node.childForFieldName('name')?.text ?? '';
  return scope === null ? [name] : [...constantPath(scope), name];
}

/** The first argument when it is a plain string literal (`require 'json'`). */
function literalString(args: Node): string | undefined {
  const first = args.firstNamedChild;
  if (first === null || first.type !== 'string' || first.namedChildCount !== 1) return undefined;
  const content = first.firstNamedChild;
  return content !== null && content.type === 'string_content' ? content.text : undefined;
}

/**
 * The `#` comments directly above a definition. The grammar attaches comments before a class's
 * first statement to the class node rather than its body, and `private def` wraps the definition
 * in a call, so the anchor climbs out of those wrappers first.
 */
function rubyDoc(node: Node): string | undefined {
  let anchor = node;
  while (anchor.previousNamedSibling === null && anchor.parent !== null) {
    const parent = anchor.parent;
    if (parent.type === 'body_statement') anchor = parent;
    else if (parent.type === 'argument_list' && parent.parent !== null) anchor = parent.parent;
    else break;
  }
  return leadingComment(anchor, isComment);
}
