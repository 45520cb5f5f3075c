/**
 * What one request to the view asks for, decided from its method and URL alone: the page, one of
 * its shipped files, an API answer, the event stream, or a refusal. Read-only: anything but GET
 * is refused with 405; a path that is not the view's, or that tries to leave it, is 404. No I/O.
 */

/** Where the view is served. */
export const VIEW_PATH = '/view';

/** The shipped files besides the page itself, by the name they are served under, with their type. */
export const VIEW_ASSETS: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'view.css': 'text/css; charset=utf-8',
};

/** The JSON endpoints under `/view/api/`. */
export const API_ENDPOINTS = ['map', 'search', 'symbol', 'source', 'impact'] as const;

/** One of `API_ENDPOINTS`. */
export type ApiEndpoint = (typeof API_ENDPOINTS)[number];

/** Status codes the view answers with, by name. */
export const ViewStatus = {
  Ok: 200,
  Found: 302,
  BadRequest: 400,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  InternalError: 500,
} as const;

/** What to do with one request. */
export type ViewPlan =
  | { readonly kind: 'asset'; readonly name: string }
  | { readonly kind: 'api'; readonly endpoint: ApiEndpoint; readonly query: URLSearchParams }
  | { readonly kind: 'events' }
  | { readonly kind: 'redirect'; readonly location: string }
  | { readonly kind: 'refuse'; readonly status: number; readonly message: string };

/** Longest request target planned; longer ones are refused (a map's open folders fit well within). */
export const MAX_TARGET_LENGTH = 16 * 1024;

/**
 * Plans a request for `target` (the request line's path and query) with `method`. The method is
 * checked first, so a POST to any view path is 405 whatever it names.
 */
export function planViewRequest(method: string | undefined, target: string | undefined): ViewPlan {
  if (method !== 'GET') return refuse(ViewStatus.MethodNotAllowed, `Method Not Allowed: the view is read-only and answers GET only`);
  const raw = target ?? '';
  if (raw.length > MAX_TARGET_LENGTH) return refuse(ViewStatus.NotFound, 'Not Found: the request target is too long');
  const question = raw.indexOf('?');
  const path = question < 0 ? raw : raw.slice(0, question);
  const search = question < 0 ? '' : raw.slice(question + 1);
  if (!isPlainPath(path)) return refuse(ViewStatus.NotFound, 'Not Found: not a path of the view');
  if (path === VIEW_PATH) return { kind: 'redirect', location: `${VIEW_PATH}/` };
  if (path === `${VIEW_PATH}/`) return { kind: 'asset', name: 'index.html' };
  if (!path.startsWith(`${VIEW_PATH}/`)) return refuse(ViewStatus.NotFound, `Not Found: the view is served at ${VIEW_PATH}/`);
  const rest = path.slice(VIEW_PATH.length + 1);
  if (Object.hasOwn(VIEW_ASSETS, rest)) return { kind: 'asset', name: rest };
  if (rest === 'api/events') return { kind: 'events' };
  const endpoint = rest.startsWith('api/') ? rest.slice(4) : undefined;
  if (endpoint !== undefined && (API_ENDPOINTS as readonly string[]).includes(endpoint)) {
    return { kind: 'api', endpoint: endpoint as ApiEndpoint, query: new URLSearchParams(search) };
  }
  return refuse(ViewStatus.NotFound, `Not Found: ${JSON.stringify(path)} is not a page, file or endpoint of the view`);
}

/** An absolute path of printable ASCII without dot segments, empty segments or escapes. */
function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || /[^\x21-\x7e]|%|\\/.test(path)) return false;
  const segments = path.split('/').slice(1);
  return segments.every((s, i) => s !== '.' && s !== '..' && (s !== '' || i === segments.length - 1));
}

function refuse(status: number, message: string): ViewPlan {
  return { kind: 'refuse', status, message };
}
