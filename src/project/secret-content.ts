/**
 * Secrets by what a file is called and by what it holds.
 *
 * Private keys withheld wherever they appear. A PEM or OpenSSH private-key block, a PGP private
 * key block or a PuTTY key file pasted into a source file is replaced before the text is indexed
 * and before current source is shown, so no answer carries it and the index never stores it.
 * Line numbers stay true: the block's first line becomes the marker (text before the block on
 * that line is kept), its other lines become empty, and text after its end line is kept.
 * Public keys and certificates are not secrets and stay as they are.
 */

/** What a withheld block reads as. */
export const WITHHELD_MARKER = '[private key withheld by codegraph]';

/** Every format withheld contains one of these; text without any is returned untouched at once. */
const CUES = ['PRIVATE KEY', 'PuTTY-User-Key-File-'];

/** A block's first line: PEM (`RSA`, `EC`, `DSA`, `OPENSSH`, `ENCRYPTED`, PKCS#8), PGP, or PuTTY. */
const BEGIN = /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----|PuTTY-User-Key-File-\d+:/;
const PUTTY_END = /^Private-MAC:/;

/** `text` with every private-key block withheld (see the module comment); linear in its length. */
export function withholdPrivateKeys(text: string): string {
  if (!CUES.some((cue) => text.includes(cue))) return text;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const begin = BEGIN.exec(line);
    if (begin === null) continue;
    const before = line.slice(0, begin.index);
    const endMarker = begin[1] === undefined ? undefined : `-----END ${begin[1]}-----`;
    // A block written on one line (a string with `\n` escapes) ends on that line.
    const sameLine = endMarker === undefined ? -1 : line.indexOf(endMarker, begin.index + begin[0].length);
    if (endMarker !== undefined && sameLine >= 0) {
      lines[i] = before + WITHHELD_MARKER + line.slice(sameLine + endMarker.length);
      i--;
      continue;
    }
    lines[i] = before + WITHHELD_MARKER;
    // The end line's tail is looked at again: another block may begin there.
    i = blankUntilEnd(lines, i + 1, endMarker) - 1;
  }
  return lines.join('\n');
}

/** Empties lines from `start` through the block's end line (whose tail is kept); returns that line's index. */
function blankUntilEnd(lines: string[], start: number, endMarker: string | undefined): number {
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (endMarker === undefined) {
      lines[j] = '';
      if (PUTTY_END.test(line)) return j;
      continue;
    }
    const end = line.indexOf(endMarker);
    lines[j] = end < 0 ? '' : line.slice(end + endMarker.length);
    if (end >= 0) return j;
  }
  return lines.length;
}

const SECRET_NAME = new RegExp(
  [
    /^\.env$/.source,
    /^\.env\..+$/.source,
    /\.(?:pem|key|p12|pfx|keystore|jks|asc|gpg)$/.source,
    /^id_(?:rsa|dsa|ecdsa|ed25519)(?:\..*)?$/.source,
    /^credentials(?:\..+)?$/.source,
    /^\.(?:netrc|pgpass|git-credentials|htpasswd)$/.source,
  ].join('|'),
  'i',
);

/**
 * True for files that hold secrets by convention (`.env`, `.env.*`, keys and certificates,
 * `id_rsa*`, keystores, credentials files); their contents are never emitted as source.
 */
export function isSecretPath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  const name = p.slice(p.lastIndexOf('/') + 1);
  return SECRET_NAME.test(name);
}
