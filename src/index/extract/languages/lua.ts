import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../../model.js';
import { ExtractionBuilder, countParseErrors, headText } from '../builder.js';
import { leadingComment, unquote } from '../comments.js';
import { isUpperSnake } from '../names.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import { childOfType, shortText } from '../node-helpers.js';

const TYPES: ReadonlySet<string> = new Set([
  'function_definition_statement', 'local_function_definition_statement', 'variable_assignment',
  'local_variable_declaration', 'call',
]);
const isComment = (type: string): boolean => type === 'comment';

/**
 * Lua: `function f()`, `function M.f()` / `function M:m()` (qualified by the table),
 * `local function f()`, `M.f = function`, `local f = function`, upper-case global constants;
 * calls with their receiver (`M.f()`, `obj:m()`), and `require("x")` imports (bound to the local
 * that receives them). `local` definitions are not exported.
 */
export const luaExtractor: LanguageExtractor = {
  languages: ['lua'],
  extract: extractLua,
};

function extractLua(tree: Tree, source: string, path: string, language: string): FileExtraction {
  const b = new ExtractionBuilder(language);

  /** Defines a function named by an identifier or `variable` node (`f`, `M.f`, `M:m`) and opens it. */
  const defineFunction = (target: Node, node: Node, body: Node | null, exported: boolean): void => {
    const parts = variableParts(target);
    if (parts === undefined) return;
    const { table, member, method } = parts;
    if (table === undefined) {
      b.open(b.define('function', member.text, node, options(node, body, exported)));
    } else {
      b.open(b.define(method ? 'method' : 'function', member.text, node, {
        ...options(node, body, exported),
        qualifiedName: `${table.text.replace(/:/gu, '.')}.${member.text}`,
      }));
    }
  };

  /** `x = function … end` / `local x = function … end`, or an upper-case constant at file level. */
  const assignment = (node: Node, local: boolean): void => {
    const variables = childOfType(node, 'variable_list')?.namedChildren ?? [];
    const values = childOfType(node, 'expression_list')?.namedChildren ?? [];
    const target = variables[0] ?? null;
    const value = values[0] ?? null;
    if (variables.length !== 1 || target === null || value === null) return;
    if (value.type === 'function_definition') {
      defineFunction(target, node, value.childForFieldName('body'), !local);
      return;
    }
    const parts = variableParts(target);
    if (b.current === -1 && parts !== undefined && parts.table === undefined && isUpperSnake(parts.member.text)) {
      b.define('constant', parts.member.text, node, options(node, null, !local));
    }
  };

  const call = (node: Node): void => {
    const fn = node.childForFieldName('function');
    if (fn === null || fn.type !== 'variable') return;
    const parts = variableParts(fn);
    if (parts === undefined) return;
    const { table, member } = parts;
    if (table === undefined && member.text === 'require' && addRequire(b, node)) return;
    b.ref('calls', member.text, member, table === undefined ? undefined : shortText(source, table));
  };

  walk(tree.rootNode, b, TYPES, (node, type) => {
    switch (type) {
      case 'function_definition_statement': {
        const name = node.childForFieldName('name');
        if (name !== null) defineFunction(name, node, node.childForFieldName('body'), true);
        return;
      }
      case 'local_function_definition_statement': {
        const name = node.childForFieldName('name');
        if (name !== null) b.open(b.define('function', name.text, node, options(node, node.childForFieldName('body'), false)));
        return;
      }
      case 'variable_assignment':
        return assignment(node, false);
      case 'local_variable_declaration':
        return assignment(node, true);
      case 'call':
        return call(node);
      default:
        return;
    }
  });
  return b.finish(countParseErrors(tree.rootNode), isTestPath(path));
}

function options(node: Node, body: Node | null, exported: boolean): { exported: boolean; signature: string; docstring: string | undefined } {
  return { exported, signature: headText(node, body), docstring: leadingComment(node, isComment) };
}

/** Records `require("x")` / `require "x"` as an import; false when the argument is not a literal. */
function addRequire(b: ExtractionBuilder, node: Node): boolean {
  const args = node.childForFieldName('arguments');
  if (args === null) return false;
  let literal = args.firstNamedChild;
  if (literal !== null && literal.type === 'expression_list') literal = literal.firstNamedChild;
  if (literal === null || literal.type !== 'string') return false;
  // `local json = require("json")` binds the module to `json`.
  const holder = node.parent?.type === 'expression_list' ? node.parent.parent : null;
  const variable = holder !== null && holder.type === 'local_variable_declaration'
    ? childOfType(holder, 'variable_list')?.firstNamedChild?.childForFieldName('name') ?? null
    : null;
  b.addImport({
    module: unquote(literal.text),
    names: [],
    reexport: false,
    line: node.startPosition.row + 1,
    ...(variable !== null ? { namespace: variable.text } : {}),
  });
  return true;
}

/**
 * `f`, `t.f`, `t:m` as table and member. Read from the children's positions rather than their
 * field names: for nested tables (`a.b.c`) this grammar build reports the inner table's field.
 */
function variableParts(node: Node): { table?: Node; member: Node; method: boolean } | undefined {
  if (node.type === 'identifier') return { member: node, method: false };
  if (node.type !== 'variable') return undefined;
  const member = node.lastNamedChild;
  if (member === null || member.type !== 'identifier') return undefined;
  const table = node.namedChildCount > 1 ? node.firstNamedChild : null;
  if (table === null) return { member, method: false };
  const separator = member.previousSibling;
  return { table, member, method: separator !== null && separator.type === ':' };
}

