/**
 * Next.js routes, which the file's place declares: under an `app/` folder, a `route.ts` exporting
 * `GET`, `POST` … (one route each, calling it) and a `page.tsx` (a `GET` route calling its default
 * export), route groups `(name)` and slots `@name` left out of the path, `_private` folders not
 * routed; under a `pages/` folder, each page (`index` is its folder; `_app` and the like are no
 * page), `pages/api/…` answering any method; a class exported by default, or a `pages/` folder
 * under a browser-test folder (`e2e/pages/LoginPage.ts`), is a page object, not a page.
 */
import type { Node } from 'web-tree-sitter';
import { ANY_METHOD, defineRoute, joinRoutePath } from '../../routes.js';
import type { ExtractionBuilder } from '../../builder.js';

const HANDLER_NAMES: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;
const BROWSER_TESTS: ReadonlySet<string> = new Set(['e2e', 'cypress', 'playwright', 'test', 'tests', '__tests__', 'spec', 'specs']);

/** What a file's place makes of it: route handlers, a page, or an API route; undefined for none. */
export function fileRouteOf(path: string): { readonly url: string; readonly kind: 'handlers' | 'page' | 'api' } | undefined {
  if (!SCRIPT.test(path)) return undefined;
  const parts = path.split('/');
  const file = parts[parts.length - 1]!.replace(SCRIPT, '');
  const app = parts.lastIndexOf('app');
  if (app >= 0 && app < parts.length - 1 && (file === 'route' || file === 'page')) {
    const folders = parts.slice(app + 1, -1);
    if (folders.some((f) => f.startsWith('_'))) return undefined;
    const url = joinRoutePath('', folders.filter((f) => !/^\(.*\)$/.test(f) && !f.startsWith('@')).join('/'));
    return { url, kind: file === 'route' ? 'handlers' : 'page' };
  }
  const pages = parts.lastIndexOf('pages');
  // Page objects of browser tests live in `pages/` folders too.
  if (pages >= 0 && pages < parts.length - 1 && !parts.some((p) => BROWSER_TESTS.has(p))) {
    const below = [...parts.slice(pages + 1, -1), file];
    if (below.some((p) => p.startsWith('_'))) return undefined;
    if (below[below.length - 1] === 'index') below.pop();
    return { url: joinRoutePath('', below.join('/')), kind: below[0] === 'api' ? 'api' : 'page' };
  }
  return undefined;
}

/** Records the routes of a file whose place declares them, from its exports. */
export function defineFileRoutes(b: ExtractionBuilder, root: Node, path: string): void {
  const place = fileRouteOf(path);
  if (place === undefined) return;
  for (const statement of root.namedChildren) {
    if (statement?.type !== 'export_statement') continue;
    const isDefault = statement.children.some((c) => c?.type === 'default');
    const declaration = statement.childForFieldName('declaration');
    const listed = listedExports(statement);
    if (place.kind === 'handlers') {
      for (const nameNode of exportedNames(declaration)) {
        if (HANDLER_NAMES.has(nameNode.text)) defineRoute(b, [nameNode.text], place.url, statement, { name: nameNode.text, node: nameNode }, -1);
      }
      for (const { local, exported } of listed) {
        if (HANDLER_NAMES.has(exported)) defineRoute(b, [exported], place.url, statement, { name: local.text, node: local }, -1);
      }
      continue;
    }
    const method = place.kind === 'api' ? ANY_METHOD : 'GET';
    if (isDefault && declaration?.type !== 'class_declaration') {
      const nameNode = declaration?.childForFieldName('name') ?? (statement.childForFieldName('value')?.type === 'identifier' ? statement.childForFieldName('value') : null);
      const handler = nameNode === null || nameNode === undefined ? undefined : { name: nameNode.text, node: nameNode };
      defineRoute(b, [method], place.url, statement, handler, -1);
    }
    // `export { default } from './loading'`, `export { Page as default }`
    const listedDefault = listed.find((l) => l.exported === 'default');
    if (listedDefault !== undefined) {
      const local = listedDefault.local;
      defineRoute(b, [method], place.url, statement, local.text === 'default' ? undefined : { name: local.text, node: local }, -1);
    }
  }
}

/**
 * The names an `export { … }` list exports, each with the local name it exports
 * (`export { handler as GET }`: `handler` as `GET`; with `from`, the other module's name).
 */
function listedExports(statement: Node): { readonly local: Node; readonly exported: string }[] {
  const clause = statement.namedChildren.find((c) => c?.type === 'export_clause');
  return (clause?.namedChildren ?? []).flatMap((specifier) => {
    const local = specifier?.type === 'export_specifier' ? specifier.childForFieldName('name') : null;
    if (local === null || local === undefined) return [];
    return [{ local, exported: specifier?.childForFieldName('alias')?.text ?? local.text }];
  });
}

/** The names an `export` declaration binds: a function's, or each `const`'s. */
function exportedNames(declaration: Node | null): Node[] {
  if (declaration === null) return [];
  if (declaration.type === 'function_declaration' || declaration.type === 'generator_function_declaration') {
    const name = declaration.childForFieldName('name');
    return name === null ? [] : [name];
  }
  if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
    return declaration.namedChildren.flatMap((d) => {
      const name = d?.type === 'variable_declarator' ? d.childForFieldName('name') : null;
      if (name?.type === 'identifier') return [name];
      // `export const { GET, POST } = handlers`: each name the pattern binds.
      return name?.type === 'object_pattern' ? patternNames(name) : [];
    });
  }
  return [];
}

/** The names an object pattern binds at its top level: `{ GET, post: POST }` binds `GET` and `POST`. */
function patternNames(pattern: Node): Node[] {
  return pattern.namedChildren.flatMap((p) => {
    if (p?.type === 'shorthand_property_identifier_pattern') return [p];
    const value = p?.type === 'pair_pattern' ? p.childForFieldName('value') : null;
    return value?.type === 'identifier' ? [value] : [];
  });
}
