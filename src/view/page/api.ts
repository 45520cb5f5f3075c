/** The page's side of the view's JSON API (docs/view.md): the answers' shapes and one fetch helper. */
import type { HoodEdge, HoodNode, MapView, SymbolPlace } from '../answers.js';

export type { HoodNode, MapNode } from '../answers.js';

/** `/view/api/map`. */
export type MapAnswer = MapView;

/** One search result. */
export interface SearchResult extends SymbolPlace {
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

/** `/view/api/symbol`. */
export interface SymbolAnswer {
  readonly nodes: readonly HoodNode[];
  readonly edges: readonly HoodEdge[];
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
