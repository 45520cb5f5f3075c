/**
 * The structural rules of src/, as pure functions over file paths and source text: the layer
 * order of its folders, SQL only in the store, and bounded function and file lengths. The test
 * beside this module runs them over the real tree; the rules test feeds them synthetic sources so
 * each rule is shown to fail. Sources are read with the TypeScript compiler API, so comments and
 * prose never count as imports or SQL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/**
 * The layers of src/, top to bottom. A file may import its own layer or any layer below it; the
 * folders of one level may import each other as long as no two of them import each other
 * (directly or through a third). docs/architecture.md states the same order in its layer line.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['cli'],
  ['view'],
  ['transport'],
  ['daemon'],
  ['tools'],
  ['mcp'],
  ['explore', 'graph', 'search'],
  ['index'],
  ['project'],
  ['store'],
  ['jsonrpc', 'model', 'version', 'launch', 'words'],
];

/** The only folder of src/ whose string literals may hold SQL. */
export const SQL_FOLDER = 'store';

/** Longest allowed function, in lines from its first line to its closing brace. */
export const MAX_FUNCTION_LINES = 80;

/** Longest allowed file, in lines. */
export const MAX_FILE_LINES = 450;

/** A first line that exempts a file from both length rules; the text after it must give the reason. */
export const LONG_REASON_PREFIX = '// Long on purpose: ';

/** The rules, as named in violations. */
export const RULES = ['layer-order', 'unplaced-folder', 'level-cycle', 'sql-outside-store', 'function-length', 'file-length'] as const;

/** One of `RULES`. */
export type Rule = (typeof RULES)[number];

/** A broken rule at one place: `file` is relative to the repository (`src/graph/lookup.ts`), `line` 1-based. */
export interface Violation {
  readonly rule: Rule;
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** One relative import of a file: what it names and where. */
export interface ImportSite {
  readonly specifier: string;
  readonly line: number;
}

/** The layer line of the architecture document, as levels of layer names. */
export function formatLayerLine(layers: readonly (readonly string[])[] = LAYERS): string {
  return layers.map((level) => level.join(' | ')).join(' -> ');
}

/**
 * The layer a source file belongs to: the folder right under src/, or for a file directly in
 * src/ its name without extension. `path` is repository-relative and uses `/`.
 */
export function layerOf(path: string): string {
  const parts = path.split('/');
  const first = parts[1] ?? '';
  return parts.length === 2 ? first.replace(/\.[^.]*$/, '') : first;
}

/** The level of a layer (0 is the top), or undefined for a layer not in `LAYERS`. */
export function levelOf(layer: string): number | undefined {
  const level = LAYERS.findIndex((names) => names.includes(layer));
  return level < 0 ? undefined : level;
}

/** Every import of `text` whose module is written as a literal: `import`, `export … from` and `import('…')`. */
export function importsOf(path: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const sites: ImportSite[] = [];
  const add = (literal: ts.Node): void => {
    if (!ts.isStringLiteralLike(literal)) return;
    sites.push({ specifier: literal.text, line: lineOf(source, literal) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier !== undefined) add(node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const first = node.arguments[0];
      if (first !== undefined) add(first);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/**
 * The repository-relative file a relative import of `from` points to, or undefined when the
 * import names a package or leaves src/.
 */
export function importTarget(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  return target.startsWith('src/') ? target : undefined;
}

/**
 * The import rules over a whole tree (`files` maps repository-relative paths to their text):
 * every file sits in a known layer, every import points to the same or a lower level, and the
 * folders of one level import each other without cycles.
 */
export function checkImports(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  const sameLevel: { from: string; to: string; file: string; line: number }[] = [];
  for (const [file, text] of files) {
    const layer = layerOf(file);
    const level = levelOf(layer);
    if (level === undefined) {
      violations.push({ rule: 'unplaced-folder', file, line: 1, message: `"${layer}" is in no layer: place it in LAYERS (test/architecture.ts) and in the layer line of docs/architecture.md, or move the file into an existing layer` });
      continue;
    }
    for (const site of importsOf(file, text)) {
      const target = importTarget(file, site.specifier);
      if (target === undefined) continue;
      const targetLayer = layerOf(target);
      const targetLevel = levelOf(targetLayer);
      if (targetLevel === undefined || targetLayer === layer) continue;
      if (targetLevel < level) {
        violations.push({ rule: 'layer-order', file, line: site.line, message: `${layer} imports ${site.specifier} from the higher layer ${targetLayer}: move what it needs down to ${layer} or below, or pass it in from above` });
      } else if (targetLevel === level) {
        sameLevel.push({ from: layer, to: targetLayer, file, line: site.line });
      }
    }
  }
  return [...violations, ...levelCycles(sameLevel)];
}

/** The same-level imports that close a cycle between two folders of one level. */
function levelCycles(imports: readonly { from: string; to: string; file: string; line: number }[]): Violation[] {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    const targets = edges.get(i.from) ?? new Set<string>();
    targets.add(i.to);
    edges.set(i.from, targets);
  }
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const at = stack.pop() as string;
      if (at === goal) return true;
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...(edges.get(at) ?? []));
    }
    return false;
  };
  return imports
    .filter((i) => reaches(i.to, i.from))
    .map((i) => ({
      rule: 'level-cycle' as const,
      file: i.file,
      line: i.line,
      message: `${i.from} imports ${i.to}, and ${i.to} imports ${i.from} (directly or through another folder of the same level): keep one direction and move the shared part down a level`,
    }));
}

/**
 * SQL statement shapes: an upper-case keyword followed by the word that makes it SQL
 * (`SELECT … FROM`, `INSERT INTO`, `UPDATE x SET`, `CREATE TABLE` …), or a full-text ` MATCH ?`.
 * Case-sensitive, so prose such as "Select a project" or "UPDATE or INSERT" is not SQL.
 */
export const SQL_SHAPE = new RegExp(
  [
    String.raw`\bSELECT\s+(?:DISTINCT\b|\*|\d|[\s\S]*?\bFROM\s)`,
    String.raw`\b(?:INSERT|REPLACE)\s+(?:OR\s+[A-Z]+\s+)?INTO\s`,
    String.raw`\bUPDATE\s+[\w.]+\s+SET\s`,
    String.raw`\bDELETE\s+FROM\s`,
    String.raw`\bCREATE\s+(?:(?:UNIQUE|TEMP|TEMPORARY|VIRTUAL)\s+)*(?:TABLE|INDEX|VIEW|TRIGGER)\b`,
    String.raw`\bDROP\s+(?:TABLE|INDEX|VIEW|TRIGGER)\b`,
    String.raw`\bALTER\s+TABLE\s`,
    String.raw`\bPRAGMA\s+\w`,
    String.raw`\sMATCH\s+\?`,
  ].join('|'),
);

/** Every string or template literal of `text` that holds SQL, unless the file is in the store. */
export function checkSql(path: string, text: string): Violation[] {
  if (layerOf(path) === SQL_FOLDER) return [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const violations: Violation[] = [];
  const visit = (node: ts.Node): void => {
    const literal = literalText(node);
    if (literal !== undefined && SQL_SHAPE.test(literal)) {
      const shown = literal.replace(/\s+/g, ' ').trim().slice(0, 60);
      violations.push({ rule: 'sql-outside-store', file: path, line: lineOf(source, node), message: `SQL outside src/${SQL_FOLDER}/ ("${shown}"): move the query into a store module and call it from here` });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return violations;
}

/** The text of a string or template literal, with each `${…}` standing as `x`; undefined for other nodes. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join('');
  return undefined;
}

/**
 * Functions longer than `MAX_FUNCTION_LINES` and a file longer than `MAX_FILE_LINES`, unless the
 * file's first line gives the reason (`LONG_REASON_PREFIX` and at least one word).
 */
export function checkLength(path: string, text: string): Violation[] {
  const firstLine = text.split('\n', 1)[0] ?? '';
  if (firstLine.startsWith(LONG_REASON_PREFIX) && firstLine.slice(LONG_REASON_PREFIX.length).trim() !== '') return [];
  const violations: Violation[] = [];
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (lines > MAX_FILE_LINES) {
    violations.push({ rule: 'file-length', file: path, line: 1, message: `${lines} lines (at most ${MAX_FILE_LINES}): split it into modules of one concept each, or give the reason on its first line ("${LONG_REASON_PREFIX}<reason>")` });
  }
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = lineOf(source, node);
      const length = source.getLineAndCharacterOfPosition(node.end).line + 1 - first + 1;
      if (length > MAX_FUNCTION_LINES) {
        violations.push({ rule: 'function-length', file: path, line: first, message: `${functionName(node)} is ${length} lines (at most ${MAX_FUNCTION_LINES}): split it into named steps` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return violations;
}

/** A readable name for a function node: its own name, the name it is assigned to, or `<anonymous>`. */
function functionName(node: ts.SignatureDeclaration): string {
  const named = node.name ?? (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent) ? node.parent.name : undefined);
  return named !== undefined && (ts.isIdentifier(named) || ts.isStringLiteral(named) || ts.isPrivateIdentifier(named)) ? named.text : '<anonymous>';
}

/** The 1-based line where `node` starts (its leading comments excluded). */
function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** Every `.ts` file under `root/src`, as repository-relative paths mapped to their text, in path order. */
export function readSourceTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string): void => {
    const entries = readdirSync(join(root, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  walk('src');
  return files;
}

/** Every rule over a whole tree, in file and line order. */
export function checkTree(files: ReadonlyMap<string, string>): Violation[] {
  const violations = checkImports(files);
  for (const [file, text] of files) violations.push(...checkSql(file, text), ...checkLength(file, text));
  return violations.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

/**
 * The layer order a Markdown document states: the first line inside a fenced block that reads
 * `name -> name | name -> …`, as levels of names; undefined when there is none.
 */
export function layerLineOf(markdown: string): string[][] | undefined {
  let fenced = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (fenced && /^\w+( (->|\|) \w+)+$/.test(line) && line.includes('->')) {
      return line.split(' -> ').map((level) => level.split(' | '));
    }
  }
  return undefined;
}

/** Describes violations one per line, as `file:line rule: message`. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.file}:${v.line} ${v.rule}: ${v.message}`).join('\n');
}
