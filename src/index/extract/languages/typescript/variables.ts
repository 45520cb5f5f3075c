/**
 * `const`, `let` and `var` declarations: a declarator holding a function or class defines it, one
 * holding `require('m')` imports `m`, and any other at module level defines a variable (a
 * constant when `const` and UPPER_SNAKE).
 */
import type { Node } from 'web-tree-sitter';
import { headText, type ExtractionBuilder } from '../../builder.js';
import { namesClass } from '../../local-types.js';
import { isUpperSnake } from '../../names.js';
import { declaratorChain, noteObjectMembers } from './assignments.js';
import { defineClass, defineFunction } from './definitions.js';
import type { FileState } from './file-state.js';
import { isRequireCall, namespaceImport, requireImport } from './imports.js';
import { receiverPath } from './references.js';
import { FUNCTION_VALUES, annotatedClass, docOf, isExported } from './syntax.js';

/** How the declaration around a declarator reads: its keyword, and whether it is at module level. */
interface DeclarationContext {
  readonly declaration: Node;
  readonly keyword: string;
  readonly atModuleLevel: boolean;
}

/** `const a = …, b = …`: every declarator, each walked here (its scope closed after it). */
export function visitDeclaration(state: FileState, declaration: Node): boolean {
  const builder = state.builder;
  const context: DeclarationContext = {
    declaration,
    keyword: declaration.child(0)?.type ?? 'var',
    atModuleLevel: builder.current < 0 || builder.symbolAt(builder.current)?.kind === 'namespace',
  };
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const nameNode = declarator.childForFieldName('name');
    if (nameNode === null) continue;
    const mark = builder.depth;
    try {
      visitDeclarator(state, context, declarator, nameNode);
    } finally {
      builder.restore(mark);
    }
  }
  return false;
}

function visitDeclarator(state: FileState, context: DeclarationContext, declarator: Node, nameNode: Node): void {
  const builder = state.builder;
  let value = declarator.childForFieldName('value');
  while (value !== null && (value.type === 'parenthesized_expression' || value.type === 'await_expression')) {
    value = value.namedChild(0);
  }
  if (value !== null && isRequireCall(value)) {
    requireImport(builder, value, nameNode);
    return;
  }
  if (value !== null && nameNode.type === 'identifier' && interopImport(builder, value, nameNode)) return;
  if (nameNode.type === 'identifier') state.typed.locals.note(builder.current, nameNode.text, declaredClass(declarator, value));
  // `var self = module.exports = function () {…}` defines what the chain ends with.
  const held = value?.type === 'assignment_expression' && nameNode.type === 'identifier'
    ? declaratorChain(state, declarator, nameNode.text, value) ?? value : value;
  if (nameNode.type === 'identifier' && value !== null && held !== null) {
    const name = nameNode.text;
    if (FUNCTION_VALUES.has(held.type)) {
      defineFunction(state, held, declarator, name, held.childForFieldName('body'));
      state.visit(value);
      return;
    }
    if (held.type === 'class') {
      defineClass(state, held, declarator, name);
      return;
    }
  }
  if (context.atModuleLevel && nameNode.type === 'identifier') {
    defineVariable(state, context, declarator, nameNode.text);
    // `const api = { get: function () {…} }`: the object's function keys are the variable's members.
    if (held?.type === 'object') noteObjectMembers(state, [], held);
  }
  const type = declarator.childForFieldName('type');
  if (type !== null) state.visit(type);
  if (value !== null) state.visit(value);
}

/** A module-level variable, or a constant when declared `const` with an UPPER_SNAKE name; opened. */
function defineVariable(state: FileState, context: DeclarationContext, declarator: Node, name: string): void {
  const { declaration, keyword } = context;
  const constant = keyword === 'const' && isUpperSnake(name);
  state.builder.open(state.builder.define(constant ? 'constant' : 'variable', name, declarator, {
    exported: isExported(declaration), signature: `${keyword} ${headText(declarator, null)}`, docstring: docOf(declaration),
  }));
}

/**
 * The class a declared variable holds: its type annotation's, or the class it is `new`ed from;
 * else, for a value a call returns, that call as a receiver (`makeClient()`), which resolution
 * types by what the called function returns.
 */
function declaredClass(declarator: Node, value: Node | null): string | undefined {
  const annotation = declarator.childForFieldName('type')?.namedChild(0);
  if (annotation?.type === 'type_identifier' || annotation?.type === 'nested_type_identifier') return annotatedClass(annotation);
  let path: string | undefined;
  if (value?.type === 'new_expression') {
    const constructor = value.childForFieldName('constructor');
    if (constructor?.type === 'identifier' || constructor?.type === 'member_expression') path = receiverPath(constructor, 0);
  } else if (annotation === undefined && value?.type === 'call_expression') {
    const call = receiverPath(value, 0);
    return call.includes('…') ? undefined : call;
  }
  return path !== undefined && namesClass(path) ? path : undefined;
}

/** The helpers compiled CommonJS wraps a module object in (Babel's, then TypeScript's). */
const INTEROP_HELPERS: ReadonlySet<string> = new Set(['_interopRequireDefault', '_interopRequireWildcard', '__importDefault', '__importStar']);

/**
 * `var _x2 = _interopRequireDefault(_x)` or `= __importDefault(require('./x'))`, as Babel and
 * TypeScript import a module in CommonJS output: `name` is that module, as `_x` or the required
 * one is, so `(0, _x2.default)(…)` calls the module's default export. Returns whether it was one.
 */
function interopImport(builder: ExtractionBuilder, value: Node, name: Node): boolean {
  if (value.type !== 'call_expression') return false;
  const callee = value.childForFieldName('function');
  const args = value.childForFieldName('arguments')?.namedChildren ?? [];
  if (callee?.type !== 'identifier' || !INTEROP_HELPERS.has(callee.text) || args.length !== 1) return false;
  const argument = args[0] ?? null;
  if (argument !== null && isRequireCall(argument)) {
    requireImport(builder, argument, name);
  } else {
    const module = argument?.type === 'identifier' ? builder.namespaceModule(argument.text) : undefined;
    if (module === undefined) return false;
    namespaceImport(builder, module, name.text, value.startPosition.row + 1);
  }
  // The helper is a function of the file (compilers write one into each): calling it is a call.
  builder.ref('calls', callee.text, callee);
  return true;
}
