/**
 * Trimming by index. A pattern anchored at the end (`/[\s{:=]+$/`, `/\/+$/`) is tried again from
 * every character of a long run that does not reach the end, so a head of 80,000 spaces before
 * its last parameter took 6 s and a 1 MB file would take minutes; these loops read each character
 * once.
 */

/** `text` without the characters at its end that `drop` takes. */
export function trimEndWhile(text: string, drop: (ch: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text[end - 1]!)) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without the characters at its start that `drop` takes. */
export function trimStartWhile(text: string, drop: (ch: string) => boolean): string {
  let start = 0;
  while (start < text.length && drop(text[start]!)) start++;
  return start === 0 ? text : text.slice(start);
}

/** Whether `ch` is a slash. */
export const isSlash = (ch: string): boolean => ch === '/';
