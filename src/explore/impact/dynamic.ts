/**
 * Dynamic-dispatch boundaries inside the leading symbols' bodies: places where the static call
 * graph ends (computed member calls, dynamic imports, getattr, reflection, eval), found by
 * scanning their current source text.
 */
import type { StoredNode } from '../../store/index.js';

/** One boundary found in a symbol's body. */
export interface DynamicSite {
  readonly node: StoredNode;
  readonly line: number;
  readonly snippet: string;
  readonly what: string;
}

const PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/[\w$)\]]\[[^\]\n]+\]\s*!?\s*(?:\?\.)?\s*\(/, 'computed member call'],
  [/(?<![\w$.])import\s*\(/, 'dynamic import'],
  [/(?<![\w$.])require\s*\(\s*[^'"`\s)]/, 'dynamic require'],
  [/\bimportlib\.import_module\s*\(|(?<![\w.])__import__\s*\(/, 'dynamic import'],
  [/(?<![\w$.])getattr\s*\(/, 'getattr'],
  [/(?<![\w$.])(?:eval|exec)\s*\(|\bnew\s+Function\s*\(/, 'eval'],
  [/\bReflect\.\w+\s*\(|\.getMethod\s*\(|\.getDeclaredMethod\s*\(|\bClass\.forName\s*\(|\breflect\.(?:ValueOf|TypeOf)\s*\(|\.invoke\s*\(/, 'reflection'],
  [/(?<![\w.])(?:public_send|__send__|send)\s*\(\s*[:@\w]|\bcall_user_func(?:_array)?\s*\(|\$\w+->\$\w+\s*\(/, 'dynamic send'],
];
const COMMENT = /^\s*(?:\/\/|#|\*|\/\*|--)/;
const MAX_PER_SYMBOL = 3;
const MAX_SITES = 8;

/** Boundaries in the bodies of `roots`; `linesOf` gives a fresh file's lines or undefined. */
export function dynamicSites(roots: readonly StoredNode[], linesOf: (path: string) => readonly string[] | undefined): DynamicSite[] {
  const sites: DynamicSite[] = [];
  const seen = new Set<string>();
  for (const node of roots) {
    const lines = linesOf(node.path);
    if (lines === undefined) continue;
    let found = 0;
    for (let n = node.startLine; n <= Math.min(node.endLine, lines.length) && found < MAX_PER_SYMBOL; n++) {
      const text = lines[n - 1] ?? '';
      if (COMMENT.test(text)) continue;
      const match = PATTERNS.find(([re]) => re.test(text));
      const key = `${node.path}:${n}`;
      if (match === undefined || seen.has(key)) continue;
      seen.add(key);
      sites.push({ node, line: n, snippet: clip(text.trim()), what: match[1] });
      found++;
      if (sites.length >= MAX_SITES) return sites;
    }
  }
  return sites;
}

/** One boundary bullet. */
export function dynamicLine(site: DynamicSite): string {
  return `- \`${site.node.qualifiedName || site.node.name}\` ${site.node.path}:${site.line} — ${site.what}: \`${site.snippet}\``;
}

function clip(text: string): string {
  const flat = text.replace(/`/g, "'");
  return flat.length > 100 ? `${flat.slice(0, 100)}…` : flat;
}
