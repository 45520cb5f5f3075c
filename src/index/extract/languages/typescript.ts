/**
 * TypeScript, TSX and JavaScript (including JSX): the three grammars share their node types for
 * everything extracted here, so one extractor serves all of them. This module only wires the
 * visitors of ./typescript/ to the node types they handle.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { FileExtraction } from '../../../model.js';
import { ExtractionBuilder, countParseErrors } from '../builder.js';
import { JS_PROPERTIES, markEscapedLocals } from '../escaped-locals.js';
import { LocalTypes } from '../local-types.js';
import { isTestPath } from '../test-paths.js';
import type { LanguageExtractor } from '../types.js';
import { walk } from '../walk.js';
import {
  applyAssignedFacts, visitAssignmentStatement, visitDefineProperty, visitFunctionExpression, visitObjectMethod, visitPair,
} from './typescript/assignments.js';
import { separateCallSignatures } from './typescript/call-signatures.js';
import {
  visitClassDeclaration, visitEnum, visitField, visitFunctionDeclaration, visitInterface, visitMethod, visitNamespace,
  visitTypeAlias,
} from './typescript/definitions.js';
import { applyExportedNames, visitExport } from './typescript/exports.js';
import type { FileState } from './typescript/file-state.js';
import { classFieldTypes } from './typescript/fields.js';
import { importStatement } from './typescript/imports.js';
import { visitJsxElement } from './typescript/jsx.js';
import {
  visitCall, visitNestedTypeIdentifier, visitNew, visitTypeIdentifier, visitTypeParameter,
} from './typescript/references.js';
import { defineFileRoutes } from './typescript/file-routes.js';
import { notePathConstants, pathConstants } from './typescript/route-paths.js';
import { mayHoldRouteObjects, noteRouteDefinition, noteRouterVariable, requestFrameworks, visitRouteCall, visitRouteObject } from './typescript/routes.js';
import { visitDeclaration } from './typescript/variables.js';

/** Handles one node of a visited type; returns false to skip the node's descendants. */
type Visitor = (state: FileState, node: Node) => boolean | void;

/** The visitor of every node type the walk stops at. */
const VISITORS: Readonly<Record<string, Visitor>> = {
  import_statement: (state, statement) => {
    importStatement(state.builder, statement);
    return false;
  },
  export_statement: visitExport,
  function_declaration: visitFunctionDeclaration,
  generator_function_declaration: visitFunctionDeclaration,
  function_signature: visitFunctionDeclaration,
  class_declaration: visitClassDeclaration,
  abstract_class_declaration: visitClassDeclaration,
  method_definition: (state, method) => {
    if (!visitObjectMethod(state, method)) visitMethod(state, method);
  },
  method_signature: visitMethod,
  abstract_method_signature: visitMethod,
  public_field_definition: visitField,
  field_definition: visitField,
  property_signature: visitField,
  interface_declaration: visitInterface,
  type_alias_declaration: visitTypeAlias,
  enum_declaration: visitEnum,
  internal_module: visitNamespace,
  module: visitNamespace,
  lexical_declaration: (state, declaration) => {
    noteRouters(state, declaration);
    return visitDeclaration(state, declaration);
  },
  variable_declaration: (state, declaration) => {
    noteRouters(state, declaration);
    return visitDeclaration(state, declaration);
  },
  call_expression: (state, call) => {
    visitCall(state, call);
    visitDefineProperty(state, call);
    // A route walks its own parts: its handlers are its scope.
    return visitRouteCall(state, call) ? false : undefined;
  },
  new_expression: visitNew,
  type_identifier: visitTypeIdentifier,
  nested_type_identifier: visitNestedTypeIdentifier,
  jsx_opening_element: visitJsxElement,
  jsx_self_closing_element: visitJsxElement,
  // Recorded by the decorated definition, which knows the target.
  decorator: () => false,
  type_parameter: visitTypeParameter,
  expression_statement: visitAssignmentStatement,
  pair: visitPair,
  // A route object walks its own parts, as the route's.
  object: (state, object) => (state.routeObjects && visitRouteObject(state, object) ? false : undefined),
  function_expression: visitFunctionExpression,
  generator_function: visitFunctionExpression,
};

function noteRouters(state: FileState, declaration: Node): void {
  notePathConstants(state.pathConstants, declaration);
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    noteRouterVariable(state, declarator);
    noteRouteDefinition(state, declarator);
  }
}

/** One set for every walk of a file, so that nested walks reuse the enclosing walk's node list. */
const TYPES: ReadonlySet<string> = new Set(Object.keys(VISITORS));

/** Extracts symbols, references and imports from TypeScript, TSX and JavaScript files. */
export const typescriptExtractor: LanguageExtractor = {
  languages: ['typescript', 'tsx', 'javascript'],
  recover(_tree: Tree, parsed: string): string | undefined {
    return separateCallSignatures(parsed);
  },
  extract(tree: Tree, source: string, path: string, language: string): FileExtraction {
    const builder = new ExtractionBuilder(language);
    const enter = (node: Node, type: string): boolean | void => VISITORS[type]?.(state, node);
    const state: FileState = {
      builder, typeParams: new Set(), exportedNames: new Set(), components: new Set(), typed: { locals: new LocalTypes(), fields: classFieldTypes(tree.rootNode, source) },
      objectPaths: new Map(), prototypeOwners: new Set(), constructors: new Set(), assigned: [], routers: new Map(), controllers: new Map(),
      routeObjects: mayHoldRouteObjects(source), routeDefinitions: new Map(), pathConstants: pathConstants(), ...requestFrameworks(source),
      visit: (root) => walk(root, builder, TYPES, enter),
    };
    state.visit(tree.rootNode);
    defineFileRoutes(builder, tree.rootNode, path);
    applyExportedNames(state);
    applyAssignedFacts(state);
    markEscapedLocals(builder, tree.rootNode, JS_PROPERTIES);
    return builder.finish(countParseErrors(tree.rootNode), isTestPath(path));
  },
};
