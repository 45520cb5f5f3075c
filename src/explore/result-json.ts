/** The data form of an explore answer (CLI `--json`, and the MCP handler's `json`). */
import type { StoredNode } from '../store/index.js';
import type { ExploreBudget } from './budget.js';
import type { BlastEntry } from './impact/blast.js';
import type { DynamicSite } from './impact/dynamic.js';
import type { ParsedQuery } from './query/understand.js';
import type { RankedFile } from './rank/rank.js';
import type { FileSection } from './render/file-section.js';

/** A symbol reference in the JSON. */
export interface JsonSymbol {
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly path: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** Everything the text shows, as data. */
export interface ExploreJson {
  readonly query: string;
  readonly summary: {
    readonly symbols: number;
    readonly files: number;
    readonly tier: ExploreBudget['tier'];
    readonly maxChars: number;
    readonly maxFiles: number;
    readonly pinned: readonly string[];
    readonly setAside: readonly string[];
    readonly unresolvedPaths: readonly string[];
    readonly exactTargets: readonly { readonly path: string; readonly startLine: number; readonly endLine: number; readonly symbol?: string }[];
    readonly cutFiles: readonly string[];
  };
  readonly flow: readonly (readonly JsonSymbol[])[];
  readonly blastRadius: readonly (JsonSymbol & {
    readonly callers: number; readonly callerFiles: readonly string[]; readonly coverage: BlastEntry['coverage']; readonly through?: BlastEntry['through'];
  })[];
  readonly dynamicDispatch: readonly (JsonSymbol & { readonly line: number; readonly what: string; readonly snippet: string })[];
  readonly files: readonly {
    readonly path: string;
    readonly language: string;
    readonly whole: boolean;
    readonly drifted: boolean;
    readonly ranges: readonly (readonly [number, number])[];
    readonly symbols: readonly (JsonSymbol & { readonly score: number })[];
  }[];
  readonly notShown: readonly JsonSymbol[];
  /** Callables the shown code calls, quoted after `notShown` (`render/pointer-choice.ts`). */
  readonly calledByShown: readonly JsonSymbol[];
  readonly notes: readonly string[];
}

/** Inputs of `toJson`. */
export interface JsonInput {
  readonly query: string;
  readonly budget: ExploreBudget;
  readonly parsed: ParsedQuery;
  readonly blast: readonly BlastEntry[];
  readonly flows: readonly (readonly StoredNode[])[];
  readonly dynamic: readonly DynamicSite[];
  readonly pointers: readonly StoredNode[];
  readonly called: readonly StoredNode[];
  readonly notes: readonly string[];
  readonly cut: readonly string[];
  readonly sections: readonly { readonly file: RankedFile; readonly section: FileSection; readonly drifted: boolean }[];
  readonly language: (path: string) => string;
}

/** The JSON form of an answer. */
export function toJson(input: JsonInput): ExploreJson {
  const files = input.sections.map(({ file, section, drifted }) => ({
    path: file.path,
    language: input.language(file.path),
    whole: section.whole,
    drifted,
    ranges: section.runs,
    symbols: section.shown.map((s) => ({ ...sym(s.node), score: Math.round(s.score * 1000) / 1000 })),
  }));
  return {
    query: input.query,
    summary: {
      symbols: files.reduce((n, f) => n + f.symbols.length, 0),
      files: files.length,
      tier: input.budget.tier,
      maxChars: input.budget.total,
      maxFiles: input.budget.files,
      pinned: input.parsed.paths.pinned,
      setAside: input.parsed.paths.setAside,
      unresolvedPaths: input.parsed.paths.unresolved,
      exactTargets: input.parsed.exact.map((t) => ({
        path: t.path, startLine: t.start, endLine: t.end, ...(t.node === undefined ? {} : { symbol: t.node.qualifiedName || t.node.name }),
      })),
      cutFiles: input.cut,
    },
    flow: input.flows.map((f) => f.map(sym)),
    blastRadius: input.blast.map((b) => ({
      ...sym(b.node), callers: b.callers, callerFiles: b.callerFiles, coverage: b.coverage, ...(b.through === undefined ? {} : { through: b.through }),
    })),
    dynamicDispatch: input.dynamic.map((d) => ({ ...sym(d.node), line: d.line, what: d.what, snippet: d.snippet })),
    files,
    notShown: input.pointers.map((node) => sym(node)),
    calledByShown: input.called.map((node) => sym(node)),
    notes: input.notes,
  };
}

function sym(n: StoredNode): JsonSymbol {
  return { name: n.name, qualifiedName: n.qualifiedName, kind: n.kind, path: n.path, startLine: n.startLine, endLine: n.endLine };
}
