/**
 * Prints the extraction version stored in `<root>/.codegraph/codegraph.db` (nothing when there is
 * none). The large bench runs it as a child process, so the database it loads (1.8 GB on the
 * Linux kernel) is gone before the server under test starts.
 */
import { join } from 'node:path';
import { GraphStore, INDEX_DIR, loadDatabase, SqliteDb } from '../../src/store/index.js';

const root = process.argv[2];
if (root === undefined) {
  process.stderr.write('usage: extraction-probe.js ROOT\n');
  process.exit(2);
}
const loaded = await loadDatabase(join(root, INDEX_DIR));
if (loaded !== undefined) {
  const store = GraphStore.open(await SqliteDb.open(loaded.bytes, { adopt: true }));
  try {
    process.stdout.write(store.getMeta('extraction_version') ?? '');
  } finally {
    store.close();
  }
}
