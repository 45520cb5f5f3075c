/** Naming conventions several languages share. */

/** `UserCard`, `HTTPServer`: starts upper-case and is not all upper-case-with-underscores. */
export function isPascalCase(name: string): boolean {
  return /^[A-Z][A-Za-z0-9]*$/.test(name) && /[a-z]/.test(name);
}

/** `MAX_SIZE`, `DEFAULT`: a constant by naming convention (at least two characters). */
export function isUpperSnake(name: string): boolean {
  return name.length > 1 && /^[A-Z][A-Z0-9_]*$/.test(name);
}

/** The last segment of a path-like name split on any of `.`, `/`, `::`, `\`. */
export function lastSegment(name: string): string {
  const parts = name.split(/::|[./\\]/);
  return parts[parts.length - 1] ?? name;
}

/** Splits `a.b.c` into the qualifier `a.b` and the name `c` (qualifier '' when there is none). */
export function splitQualified(text: string, separator: string): { qualifier: string; name: string } {
  const at = text.lastIndexOf(separator);
  return at < 0
    ? { qualifier: '', name: text }
    : { qualifier: text.slice(0, at), name: text.slice(at + separator.length) };
}

/** The segment before the last of a dotted qualified name (`Client` of `net.Client.open`); undefined for a name at top level. */
export function ownerSegment(qualifiedName: string): string | undefined {
  const { qualifier } = splitQualified(qualifiedName, '.');
  return qualifier === '' ? undefined : qualifier.slice(qualifier.lastIndexOf('.') + 1);
}
