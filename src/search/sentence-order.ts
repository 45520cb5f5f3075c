/**
 * How a sentence's results are ordered after scoring: members before their containers, code
 * before data, a written path's helper right after it, and a route's handler right before the
 * route. A question in prose asks how something is done; these put what does it first.
 */
import { FUNCTION_KINDS } from '../model.js';
import type { NodeKind } from '../model.js';
import { eachEdgeOf, eachSymbolById } from '../store/index.js';
import type { GraphStore, SearchRow } from '../store/index.js';
import { NO_MATCH } from './fields.js';
import type { Scored } from './scored.js';

/**
 * In a sentence, the members scoring at least this share of their container's score (methods of
 * the class, fields of the struct, in the same file) come right before it, in their order: a
 * question in prose asks how something is done, which its member answers more nearly than the
 * class around it (`QueuePool._do_get` before `QueuePool`, `Command.Find` before `Command`). Set
 * on the evaluation's tuning half: 4 more first hits at 0.3 to 0.5, one at 0.8; none lost.
 * Checked again under the sentence weights (fields.ts): 0.3 and 0.7 gain no hit@5.
 */
const MEMBER_SHARE = 0.5;
/**
 * In a sentence, the functions and methods scoring at least this share of a field's, constant's,
 * variable's, macro's or type alias's score come right before it: what a question asks how or
 * when of is done by code, not held in data (`handle_signed` before `BT_ATT_SIGNATURE_LEN`). The
 * share keeps data a sentence is nearly all about first (`what is the default port`). Set on the
 * evaluation's tuning half: 4 more first hits at 0.5, 5 at 0.3, 6 at 0.2 and 0; none lost.
 * Checked again under the sentence weights: 0.2 gives the same hits, 0.45 loses two first hits.
 */
const CALLABLE_SHARE = 0.3;

/** The results a sentence's reordering looks at, whatever fewer are asked for: the tool's default count. */
export const SENTENCE_WINDOW = 10;

/** Kinds whose members' qualified names continue theirs. */
const CONTAINER_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'module', 'namespace', 'enum', 'impl']);
/** Kinds that hold data rather than do something. */
const DATA_KINDS: ReadonlySet<NodeKind> = new Set(['field', 'property', 'constant', 'variable', 'macro', 'type_alias', 'enum_member']);

/**
 * A sentence's `ranked` ordered among its first `limit`: members before their containers, code
 * before data, a written path's helper after it, and the best ranked of what a route calls (its handler), wherever it ranks, right
 * before the route: the route says where a request comes in, its handler how it is served
 * (`image_proxy` before `GET /image_proxy`). A route the sentence writes (`which action handles
 * POST /login`) ranks first as a written path does, and its handler comes before it all the same,
 * unless a symbol the sentence names by its path ranks after it.
 */
export function sentenceOrder(store: GraphStore, ranked: Scored[], limit: number, readHandler: (id: number) => Scored | undefined): Scored[] {
  const out = [...ranked];
  const end = Math.min(out.length, limit);
  raiseBefore(out, end, MEMBER_SHARE, (container) => CONTAINER_KINDS.has(container.c.row.kind), (container, member) =>
    member.c.row.path === container.c.row.path && member.c.row.qualifiedName.startsWith(`${container.c.row.qualifiedName}.`));
  raiseBefore(out, end, CALLABLE_SHARE, (data) => DATA_KINDS.has(data.c.row.kind), (_, code) => FUNCTION_KINDS.has(code.c.row.kind));
  raiseWrittenHelper(store, out);
  const handlers = routeHandlers(store, out.slice(0, end));
  // Nothing goes before a symbol the sentence names by its path, not even a written route's handler.
  const pathNamedAfter = (i: number): boolean => out.some((s, k) => k > i && s.written && s.c.row.kind !== 'route');
  for (let i = 0; i < end && handlers.size > 0; i += 1) {
    const route = out[i]!;
    const called = route.written && pathNamedAfter(i) ? undefined : handlers.get(route.c.row.id);
    if (called === undefined) continue;
    const j = out.findIndex((s, k) => k > i && s.demoted === route.demoted && called.has(s.c.row.id));
    if (j > 0) {
      out.splice(i++, 0, ...out.splice(j, 1));
      continue;
    }
    // A handler no word of the sentence matched (`IssuesController#create` of `POST /projects/:id/issues`)
    // is still what the route is served by: the last of its chain, after any middleware, at the route's score.
    const last = [...called].pop();
    if (last === undefined || out.some((s) => called.has(s.c.row.id))) continue;
    const handler = readHandler(last);
    if (handler !== undefined && handler.demoted === route.demoted) out.splice(i++, 0, { ...handler, score: route.score });
  }
  return out;
}

/**
 * Puts right after the symbols a sentence names by their path (first in `out`) the best ranked
 * of what the first of them calls, when it is a function among the candidates (it holds a word of
 * the sentence): "how does `Session.flush` order the work" is answered by `Session.flush` and the
 * helper it hands the work to, `Session._flush`, as a route is by its handler and explore's lead
 * by its helpers (explore/pick/callee-priority.ts). One helper: a written path is one symbol's.
 */
function raiseWrittenHelper(store: GraphStore, out: Scored[]): void {
  const first = out[0];
  if (first === undefined || !first.written || !FUNCTION_KINDS.has(first.c.row.kind)) return;
  const called = new Set<number>();
  eachEdgeOf(store, [first.c.row.id], 'out', ['calls'], (_, to) => called.add(to));
  const j = out.findIndex((s) => !s.written && called.has(s.c.row.id) && FUNCTION_KINDS.has(s.c.row.kind) && s.demoted === first.demoted);
  if (j < 0) return;
  const after = out.findIndex((s) => !s.written);
  out.splice(after, 0, ...out.splice(j, 1));
}

/** Reads one handler as a result when it passes the search's kinds and filters. */
export function handlerReader(
  store: GraphStore, kinds: readonly NodeKind[], accept: (row: SearchRow) => boolean, demoted: (row: SearchRow) => boolean,
): (id: number) => Scored | undefined {
  return (id) => {
    let found: Scored | undefined;
    eachSymbolById(store, [id], kinds, (row) => {
      if (accept(row)) found = { c: { row, text: NO_MATCH, fuzzy: false }, demoted: demoted(row), written: false, score: 0, uses: 0 };
    });
    return found;
  };
}

/** What each route among `shown` calls (its handlers), read only when a route is shown. */
function routeHandlers(store: GraphStore, shown: readonly Scored[]): Map<number, Set<number>> {
  const routes = shown.filter((s) => s.c.row.kind === 'route').map((s) => s.c.row.id);
  const out = new Map<number, Set<number>>();
  if (routes.length > 0) eachEdgeOf(store, routes, 'out', ['calls'], (route, handler) => out.set(route, (out.get(route) ?? new Set()).add(handler)));
  return out;
}

/**
 * Moves, in place among the first `end`, each candidate `raises` picks for an `ahead` one above it
 * to right before it, when it scores at least `share` of its score (demoted ones stay apart, and
 * nothing goes before a symbol the sentence names by its path).
 */
function raiseBefore(out: Scored[], end: number, share: number, ahead: (s: Scored) => boolean, raises: (above: Scored, below: Scored) => boolean): void {
  for (let i = 0; i < end; i += 1) {
    const above = out[i]!;
    if (above.written || !ahead(above)) continue;
    const j = out.findIndex((s, k) => k > i && k < end && s.demoted === above.demoted && raises(above, s) && s.score >= share * above.score);
    if (j > 0) out.splice(i, 0, ...out.splice(j, 1));
  }
}
