/** codegraph_files: indexed files under a folder as a tree, a flat list, or grouped by language. */
import { isAbsolute } from 'node:path';
import { compileGlob } from '../../index/scan/glob.js';
import { safeProjectPath } from '../../project/freshness.js';
import { normalizeRequestedPath, symbolIndex } from '../../search/index.js';
import type { FileEntry } from '../../search/index.js';
import type { ToolHandler } from '../service.js';
import { count, truncateOutput } from './text.js';

/** Layouts of the listing. */
export type FilesFormat = 'tree' | 'flat' | 'grouped';

interface Dir {
  readonly dirs: Map<string, Dir>;
  readonly files: FileEntry[];
  total: number;
}

const newDir = (): Dir => ({ dirs: new Map(), files: [], total: 0 });

/**
 * The folder prefix as the index spells paths: `./`, `/` and `\` spellings accepted, an absolute
 * path inside the project made relative. Undefined when it points outside the project.
 */
export function normalizePrefix(root: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return '';
  const p = normalizeRequestedPath(raw);
  if (p === '' || p === '.' || p === '/') return '';
  if (isAbsolute(p) || p.split('/').includes('..')) {
    const safe = safeProjectPath(root, p);
    if (safe !== undefined) return safe.relative;
    // `/src` is a project-relative spelling, not a folder at the filesystem root.
    if (isAbsolute(p) && !p.split('/').includes('..') && safeProjectPath(root, p.replace(/^\/+/, '')) !== undefined) {
      return p.replace(/^\/+/, '').replace(/\/+$/, '');
    }
    return undefined;
  }
  return p.replace(/\/+/g, '/').replace(/\/$/, '');
}

function meta(f: FileEntry, withLanguage: boolean): string {
  const symbols = count(f.symbols, 'symbol');
  return withLanguage ? ` (${f.language}, ${symbols})` : ` (${symbols})`;
}

function renderTree(dir: Dir, prefix: string, depth: number, maxDepth: number, withMeta: boolean, out: string[]): void {
  const dirs = [...dir.dirs].sort((a, b) => a[0].localeCompare(b[0]));
  const files = [...dir.files].sort((a, b) => a.path.localeCompare(b.path));
  const items = dirs.length + files.length;
  let i = 0;
  for (const [name, child] of dirs) {
    i += 1;
    const last = i === items;
    const collapsed = depth >= maxDepth;
    out.push(`${prefix}${last ? '└── ' : '├── '}${name}/${collapsed ? ` (${count(child.total, 'file')})` : ''}`);
    if (!collapsed) renderTree(child, `${prefix}${last ? '    ' : '│   '}`, depth + 1, maxDepth, withMeta, out);
  }
  for (const f of files) {
    i += 1;
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    out.push(`${prefix}${i === items ? '└── ' : '├── '}${name}${withMeta ? meta(f, true) : ''}`);
  }
}

/** Handler of codegraph_files. */
export const filesHandler: ToolHandler = async (args, index) => {
  const rawPath = typeof args['path'] === 'string' ? args['path'] : undefined;
  const pattern = typeof args['pattern'] === 'string' && args['pattern'].trim() !== '' ? args['pattern'].trim() : undefined;
  const format: FilesFormat = args['format'] === 'flat' || args['format'] === 'grouped' ? args['format'] : 'tree';
  const withMeta = args['includeMetadata'] !== false;
  const maxDepth = typeof args['maxDepth'] === 'number' ? Math.max(1, Math.min(20, Math.floor(args['maxDepth']))) : Infinity;
  const base = normalizePrefix(index.root, rawPath);
  if (base === undefined) return { text: `Error: path ${rawPath ?? ''} is outside the project`, isError: true };
  const matches = pattern === undefined ? undefined : compileGlob(pattern);
  const all = [...symbolIndex(index.store).filesByPath.values()];
  const selected = all
    .filter((f) => base === '' || f.path === base || f.path.startsWith(`${base}/`))
    .filter((f) => matches === undefined || matches(f.path))
    .sort((a, b) => a.path.localeCompare(b.path));
  const where = `${base === '' ? '' : ` under ${base}/`}${pattern === undefined ? '' : ` matching ${pattern}`}`;
  const json = {
    path: base,
    pattern: pattern ?? null,
    format,
    total: selected.length,
    files: selected.map((f) => ({ path: f.path, language: f.language, symbols: f.symbols })),
  };
  if (selected.length === 0) {
    return { text: `No indexed files${where}.${all.length > 0 ? ' List everything with codegraph_files and no arguments.' : ''}\n`, json };
  }
  const out = [`${count(selected.length, 'indexed file')}${where}:`, ''];
  const depthOf = (f: FileEntry): number => (base === '' ? f.path : f.path.slice(base.length + 1)).split('/').length;
  if (format === 'tree') {
    const root = newDir();
    for (const f of selected) {
      const rel = base === '' || f.path === base ? f.path : f.path.slice(base.length + 1);
      const parts = rel.split('/');
      let dir = root;
      dir.total += 1;
      for (const part of parts.slice(0, -1)) {
        let next = dir.dirs.get(part);
        if (next === undefined) {
          next = newDir();
          dir.dirs.set(part, next);
        }
        next.total += 1;
        dir = next;
      }
      dir.files.push(f);
    }
    out.push(base === '' ? '.' : `${base}/`);
    renderTree(root, '', 1, maxDepth, withMeta, out);
  } else {
    const shown = selected.filter((f) => depthOf(f) <= maxDepth);
    if (format === 'flat') {
      for (const f of shown) out.push(`${f.path}${withMeta ? meta(f, true) : ''}`);
    } else {
      const groups = new Map<string, FileEntry[]>();
      for (const f of shown) groups.set(f.language, [...(groups.get(f.language) ?? []), f]);
      const ordered = [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
      ordered.forEach(([language, files], i) => {
        if (i > 0) out.push('');
        out.push(`${language} (${count(files.length, 'file')})`);
        for (const f of files) out.push(`  ${f.path}${withMeta ? meta(f, false) : ''}`);
      });
    }
    if (shown.length < selected.length) out.push('', `${count(selected.length - shown.length, 'file')} deeper than maxDepth ${maxDepth} not shown.`);
  }
  return { text: truncateOutput(`${out.join('\n')}\n`, undefined, 'Narrow with path, pattern or maxDepth.'), json };
};
