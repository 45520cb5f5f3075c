/** The explore engine's source reader over a project's files on disk. */
import type { SourceReader } from '../../explore/index.js';
import { FreshnessProbe } from '../../project/freshness.js';
import type { ProjectIndex } from '../../project/index-cache.js';

/**
 * A reader of `index`'s project as it is on disk now: files outside the root, secret files and
 * files over the probe's size limit read as absent, and freshness is the probe's fail-closed
 * verdict. Make one per call: what it learns about a file is kept for the call's lifetime.
 */
export function projectSource(index: ProjectIndex): SourceReader {
  const probe = new FreshnessProbe(index.root, index.store);
  return {
    freshness: (path) => probe.check(path),
    read: (path) => probe.readCurrent(path),
  };
}
