/** The page's side of the view's JSON API (docs/view.md): the answers' shapes and one fetch helper. */

/** A box of the map. */
export interface MapNode {
  readonly id: string;
  readonly kind: 'folder' | 'file';
  readonly name: string;
  readonly parent: string | null;
  readonly symbols: number;
  readonly files: number;
  readonly open: boolean;
  readonly inCycle: boolean;
  readonly language?: string;
  readonly isTest?: boolean;
}

/** An arrow of the map. */
export interface MapLink {
  readonly from: string;
  readonly to: string;
  readonly kind: 'imports' | 'calls';
  readonly count: number;
  readonly cycle: boolean;
}

/** `/view/api/map`. */
export interface MapAnswer {
  readonly totalFiles: number;
  readonly totalSymbols: number;
  readonly collapsed: boolean;
  readonly nodes: readonly MapNode[];
  readonly links: readonly MapLink[];
  readonly cycles: readonly (readonly string[])[];
  readonly cyclesTotal: number;
}

/** One search result. */
export interface SearchResult {
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly path: string;
  readonly line: number;
  readonly demoted: boolean;
}

/** `/view/api/search`. */
export interface SearchAnswer {
  readonly query: string;
  readonly total: number;
  readonly fuzzy: boolean;
  readonly ignored: readonly string[];
  readonly results: readonly SearchResult[];
}

/** A node of a neighbourhood. */
export interface HoodNode {
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly path: string;
  readonly line: number;
  readonly endLine: number;
  readonly side: 'center' | 'in' | 'out';
  readonly depth: number;
  readonly hidden: number;
}

/** `/view/api/symbol`. */
export interface SymbolAnswer {
  readonly nodes: readonly HoodNode[];
  readonly edges: readonly { readonly from: number; readonly to: number; readonly relation: string }[];
}

/** `/view/api/source`. */
export interface SourceAnswer {
  readonly path: string;
  readonly name?: string;
  readonly kind?: string;
  readonly startLine?: number;
  readonly endLine?: number;
  readonly from: number;
  readonly lines: readonly string[];
  readonly stale: boolean;
  readonly totalLines: number;
}

/** `/view/api/impact`. */
export interface ImpactAnswer {
  readonly target: { readonly id: number; readonly name: string; readonly kind: string; readonly path: string; readonly line: number };
  readonly depth: number;
  readonly count: number;
  readonly fileCount: number;
  readonly files: readonly { readonly path: string; readonly isTest: boolean; readonly nodes: readonly { readonly id: number; readonly name: string; readonly kind: string; readonly line: number; readonly depth: number }[] }[];
  readonly tests: readonly { readonly path: string; readonly functions: readonly { readonly name: string; readonly line: number }[] }[];
}

/** A failed call: the server's message. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** GETs `/view/api/<endpoint>?<params>` and answers its JSON; a non-200 answer throws `ApiError` with the server's message. */
export async function getJson<T>(endpoint: string, params: URLSearchParams = new URLSearchParams()): Promise<T> {
  const query = params.toString();
  const res = await fetch(`/view/api/${endpoint}${query === '' ? '' : `?${query}`}`, { headers: { accept: 'application/json' } });
  const body = (await res.json()) as unknown;
  if (!res.ok) {
    const message = body !== null && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : res.statusText;
    throw new ApiError(res.status, message);
  }
  return body as T;
}
