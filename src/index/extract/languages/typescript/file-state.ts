/** What the TypeScript/JavaScript visitors share while they walk one file. */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../../builder.js';
import type { FileTypes } from '../../local-types.js';
import type { PathConstants } from './route-paths.js';

/**
 * One file's extraction in progress: the builder every visitor records into, and the facts one
 * part of the file tells about another.
 */
export interface FileState {
  readonly builder: ExtractionBuilder;
  /** Type parameter names seen so far: a reference to `T` is not a reference to a class `T`. */
  readonly typeParams: Set<string>;
  /** Names listed in `export { … }` without a source, applied to top-level symbols at the end. */
  readonly exportedNames: Set<string>;
  /** PascalCase functions that become components once JSX shows up inside them. */
  readonly components: Set<number>;
  /** Object literals (by node id) whose members are members of a path (`X.prototype = {…}`). */
  readonly objectPaths: Map<number, readonly string[]>;
  /** Qualified names of functions given prototype members: classes written the old way. */
  readonly prototypeOwners: Set<string>;
  /** Functions that assign methods to `this`: constructors, hence classes. */
  readonly constructors: Set<number>;
  /** Symbols defined by assignment, whose exported flag depends on names exported later. */
  readonly assigned: number[];
  /** Variables made by a router factory (`express.Router()`), with their prefix: their method calls declare routes. */
  readonly routers: Map<string, string>;
  /** Whether the file's text has both a `path:` key and a `handler`, as a hapi route object does (routes.ts). */
  readonly routeObjects: boolean;
  /** Whether the file imports Hono or Koa, whose handlers take a context alone (routes.ts, `requestFrameworks`). */
  readonly contextRoutes: boolean;
  /** Whether the file imports the mock server msw, whose handlers are mocks, not routes. */
  readonly mockRoutes: boolean;
  /** The file's top-level string constants, which route paths are read with (route-paths.ts). */
  readonly pathConstants: PathConstants;
  /** Route definitions of Hono's OpenAPI helper by variable (`const r = createRoute({…})`), for `app.openapi(r, …)`. */
  readonly routeDefinitions: Map<string, Node>;
  /** The path of each NestJS controller class, by symbol index. */
  readonly controllers: Map<number, string>;
  /** Classes of variables made with `new` or declared with a class type, and of the file's class fields. */
  readonly typed: FileTypes;
  /**
   * Walks `root` (itself included) and its descendants with the file's visitors: a definition
   * walks its own body this way so that the body's symbols nest under it.
   */
  readonly visit: (root: Node) => void;
}
