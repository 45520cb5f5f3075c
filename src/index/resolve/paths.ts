/** Path helpers for project-relative `/`-separated paths (no I/O, no platform rules). */

/** The directory part of `path` ('' for a file at the project root). */
export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** The last segment of `path`. */
export function basename(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

/**
 * Joins `rel` onto directory `dir` and folds `.` and `..`. Returns undefined when `..` climbs above
 * the project root, because such a target cannot be a project file.
 */
export function joinPath(dir: string, rel: string): string | undefined {
  const out = dir === '' ? [] : dir.split('/');
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else {
      out.push(seg);
    }
  }
  return out.join('/');
}

/** `dir/name`, or `name` at the root. */
export function childPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** The first segment of `path` ('' for a root file): the coarsest notion of "same area". */
export function topFolder(path: string): string {
  const i = path.indexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}
