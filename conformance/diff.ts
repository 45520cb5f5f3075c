/**
 * A readable structural diff of two JSON values: one line per differing path, with the
 * expected and the actual value, so a contract mismatch says exactly what moved.
 */
export function jsonDiff(expected: unknown, actual: unknown, path = '$', out: string[] = []): string[] {
  if (out.length >= 50) return out;
  if (Object.is(expected, actual)) return out;
  const eIsObj = expected !== null && typeof expected === 'object';
  const aIsObj = actual !== null && typeof actual === 'object';
  if (!eIsObj || !aIsObj || Array.isArray(expected) !== Array.isArray(actual)) {
    out.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
    return out;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) out.push(`${path}: expected ${expected.length} items, got ${actual.length}`);
    const n = Math.min(expected.length, actual.length);
    for (let i = 0; i < n; i++) jsonDiff(expected[i], actual[i], `${path}[${i}]`, out);
    return out;
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    if (!(key in a)) out.push(`${path}.${key}: missing (expected ${show(e[key])})`);
    else jsonDiff(e[key], a[key], `${path}.${key}`, out);
  }
  for (const key of Object.keys(a)) if (!(key in e)) out.push(`${path}.${key}: unexpected (got ${show(a[key])})`);
  return out;
}

/** Whether every key of `subset` matches inside `value` (arrays must match exactly). */
export function matchesSubset(subset: unknown, value: unknown, path = '$', out: string[] = []): string[] {
  if (subset === null || typeof subset !== 'object' || Array.isArray(subset)) {
    return jsonDiff(subset, value, path, out);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    out.push(`${path}: expected an object, got ${show(value)}`);
    return out;
  }
  for (const [key, want] of Object.entries(subset)) {
    const got = (value as Record<string, unknown>)[key];
    if (got === undefined) out.push(`${path}.${key}: missing (expected ${show(want)})`);
    else matchesSubset(want, got, `${path}.${key}`, out);
  }
  return out;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
