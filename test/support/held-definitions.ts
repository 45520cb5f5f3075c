/**
 * Runs a test body with `CODEGRAPH_HELD_DEFINITIONS` set, so resolution reads definitions from
 * the store as it asks for them (0) instead of holding them, and puts the variable back after.
 */
export async function withHeldDefinitions<T>(limit: number | undefined, body: () => Promise<T>): Promise<T> {
  const before = process.env['CODEGRAPH_HELD_DEFINITIONS'];
  if (limit === undefined) delete process.env['CODEGRAPH_HELD_DEFINITIONS'];
  else process.env['CODEGRAPH_HELD_DEFINITIONS'] = String(limit);
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env['CODEGRAPH_HELD_DEFINITIONS'];
    else process.env['CODEGRAPH_HELD_DEFINITIONS'] = before;
  }
}
