/**
 * The folders an MCP client advertises as its workspace, as local file paths: from `initialize`
 * (`rootUri`, `rootPath`, `workspaceFolders`) and from a `roots/list` answer.
 */
import { isAbsolute } from 'node:path';

/** The local path of a `file://` URI; undefined for another scheme or a malformed URI. */
export function fileUriPath(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file://')) return undefined;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return undefined;
  }
}

/**
 * The workspace folders named by `initialize` params, in the order they are tried: `rootUri`,
 * `rootPath` (an absolute path), then `workspaceFolders[0].uri`. Fields of the wrong shape are ignored.
 */
export function initializeWorkspacePaths(params: Readonly<Record<string, unknown>> | undefined): string[] {
  const paths: string[] = [];
  const fromUri = fileUriPath(params?.['rootUri']);
  if (fromUri !== undefined) paths.push(fromUri);
  const rootPath = params?.['rootPath'];
  if (typeof rootPath === 'string' && isAbsolute(rootPath)) paths.push(rootPath);
  const folders = params?.['workspaceFolders'];
  const first: unknown = Array.isArray(folders) ? folders[0] : undefined;
  const folder = first !== null && typeof first === 'object' ? fileUriPath((first as Record<string, unknown>)['uri']) : undefined;
  if (folder !== undefined) paths.push(folder);
  return paths;
}

/** The file paths of a `roots/list` result's roots; roots that are not `file://` URIs are skipped. */
export function rootsListPaths(result: unknown): string[] | undefined {
  const roots = result !== null && typeof result === 'object' ? (result as Record<string, unknown>)['roots'] : undefined;
  if (!Array.isArray(roots)) return undefined;
  const paths: string[] = [];
  for (const root of roots) {
    const path = root !== null && typeof root === 'object' ? fileUriPath((root as Record<string, unknown>)['uri']) : undefined;
    if (path !== undefined) paths.push(path);
  }
  return paths;
}
