/** `/view/api/search?q=`: the search engine's ranking, its `kind:`/`lang:`/`path:` filters included. */
import { searchSymbols } from '../../search/index.js';
import type { GraphStore } from '../../store/index.js';
import { ViewStatus } from '../request-plan.js';
import { fail, intParam, ok, type ApiAnswer } from './answer.js';

/** Most results one search answers. */
export const MAX_SEARCH_RESULTS = 50;

/** Searches `q` (at most `limit`, default 20). */
export function searchAnswer(store: GraphStore, query: URLSearchParams): ApiAnswer {
  const q = (query.get('q') ?? '').trim();
  if (q === '') return fail(ViewStatus.BadRequest, 'q must be a non-empty search, such as `checkout` or `kind:function cart`');
  const limit = intParam(query, 'limit', 20, 1, MAX_SEARCH_RESULTS);
  if (typeof limit === 'string') return fail(ViewStatus.BadRequest, limit);
  const found = searchSymbols(store, q, { limit });
  return ok({
    query: q,
    total: found.total,
    fuzzy: found.fuzzy,
    ignored: found.query.ignored,
    results: found.matches.map((m) => ({
      id: m.node.id, name: m.node.name, qualifiedName: m.node.qualifiedName, kind: m.node.kind, path: m.node.path,
      line: m.node.startLine, demoted: m.demoted,
    })),
  });
}
