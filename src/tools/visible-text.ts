/**
 * Control characters made visible in text answers. Stored paths never hold one (the walk skips
 * such names), but an answer also quotes source and echoes what the caller sent (a query, a
 * file argument): printed raw, an escape sequence drives the reader's terminal and a lone carriage
 * return overwrites a line. Each such character is written as its JSON-style escape (`\u001b`).
 * Tab, newline and the carriage return of a CRLF line ending lay out the text and stay.
 */

/** C0 controls but tab, newline and carriage return; DEL; C1 controls; a carriage return not ending a line. */
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/** `text` with every control character that could act on a terminal written as `\uXXXX`. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
