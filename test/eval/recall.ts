/**
 * The recall rule of the explore evaluation, shared by our CLI's output and the peer's.
 *
 * A question names target definitions `{file, name}`. Before asking anything, each target is
 * resolved against the corpus to its header line(s): the line where the definition starts
 * (`def _filter_or_exclude(self, negate, args, kwargs):`, `class QuerySet:`,
 * `func (c *Command) Find(args []string) (*Command, []string, error) {`). See `findHeaders`.
 *
 * An answer is plain text. Its source blocks are the fenced blocks (```lang … ```); each belongs
 * to the file named on the nearest non-empty line above its opening fence (the file label both
 * tools print there). Inside a block, lines may carry a line number (`950<TAB>text`, also
 * `950: text` or `950| text`); gap markers and other unnumbered lines are kept as plain text.
 *
 * A target is PRESENT when some source block attributed to the target's file holds a line whose
 * text equals one of the target's header lines (both compared with surrounding whitespace
 * trimmed and inner runs of whitespace collapsed; a block line clipped by the tool with `…` counts
 * when the header starts with what is left of it, down to 60 characters), and, when that block
 * line carries a line number, the number is the header's own line. Numbers keep two
 * same-looking headers apart (`def verify(self, password, encoded):` in several classes of one
 * file). A header shown only in a block of another file, only in prose, or not at all is MISSING.
 * Recall of a question is present targets / all targets.
 */

/** A definition line of a target in its file (1-based line and its text). */
export interface Header {
  readonly line: number;
  readonly text: string;
  /** The definition's last line, where the corpus text was read for it (spans.ts). */
  readonly end?: number;
}

/** One fenced source block of an answer. */
export interface SourceBlock {
  /** The path named by the label above the block, as printed (may be empty when none). */
  readonly path: string;
  readonly lines: readonly { readonly number: number | undefined; readonly text: string }[];
}

const FENCE_OPEN = /^\s*(`{3,}|~{3,})\s*([\w+#.-]*)\s*$/;
const NUMBERED = /^\s*(\d+)(?:\t| ?[:|] ?|  +)(.*)$/;
const PATH_TOKEN = /[\w@$.~+-]*[\w@$~+-](?:\/[\w@$.~+-]+)*\.[A-Za-z][\w]*|[\w@$.~+-]+(?:\/[\w@$.~+-]+)+/g;

/** Collapses whitespace for comparison. */
export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The file path a label line names: the first path-looking token (`x/y.py`, `y.go`), if any. */
export function labelPath(label: string): string {
  const cleaned = label.replace(/[*`"'()[\]]/g, ' ');
  const tokens = cleaned.match(PATH_TOKEN) ?? [];
  const withSlash = tokens.find((t) => t.includes('/') && /\.[A-Za-z]\w*$/.test(t));
  const withExt = tokens.find((t) => /\.[A-Za-z]\w*$/.test(t));
  return (withSlash ?? withExt ?? tokens[0] ?? '').replace(/:\d+(?:-\d+)?$/, '');
}

/** The fenced source blocks of an answer, each with the path of the label above it. */
export function sourceBlocks(output: string): SourceBlock[] {
  const lines = output.split(/\r?\n/);
  const blocks: SourceBlock[] = [];
  let lastLabel = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const open = FENCE_OPEN.exec(line);
    if (open === null) {
      if (line.trim() !== '') lastLabel = line;
      continue;
    }
    const fence = (open[1] ?? '```').trim();
    const body: { number: number | undefined; text: string }[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const inner = lines[j] ?? '';
      if (inner.trim() === fence) break;
      const numbered = NUMBERED.exec(inner);
      if (numbered !== null) body.push({ number: Number(numbered[1]), text: numbered[2] ?? '' });
      else body.push({ number: undefined, text: inner });
    }
    blocks.push({ path: labelPath(lastLabel), lines: body });
    lastLabel = '';
    i = j;
  }
  return blocks;
}

/** Whether a printed path names the corpus-relative `file` (equal, or one a path-suffix of the other). */
export function samePath(printed: string, file: string): boolean {
  const a = printed.replace(/\\/g, '/').replace(/^\.\//, '');
  const b = file.replace(/\\/g, '/').replace(/^\.\//, '');
  if (a === '' || b === '') return false;
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}

const CLIP_MARK = /\s*…$/;
const MIN_CLIPPED = 60;

function lineMatches(blockText: string, header: string): boolean {
  const got = normalize(blockText);
  if (got === header) return true;
  if (CLIP_MARK.test(blockText)) {
    const kept = normalize(blockText.replace(CLIP_MARK, ''));
    return kept.length >= MIN_CLIPPED && header.startsWith(kept);
  }
  return false;
}

/** Whether any of `headers` of a definition in `file` is shown in a source block of `file`. */
export function targetPresent(blocks: readonly SourceBlock[], file: string, headers: readonly Header[]): boolean {
  const wanted = headers.map((h) => ({ line: h.line, text: normalize(h.text) })).filter((h) => h.text !== '');
  for (const block of blocks) {
    if (!samePath(block.path, file)) continue;
    for (const shown of block.lines) {
      for (const h of wanted) {
        if (shown.number !== undefined && shown.number !== h.line) continue;
        if (lineMatches(shown.text, h.text)) return true;
      }
    }
  }
  return false;
}

/**
 * A present target is shown WHOLE when, for one of its headers, every line from the header to the
 * definition's end is shown numbered in the blocks attributed to its file (across blocks: a tool
 * may split a body). Unnumbered lines cannot be placed and do not count.
 */
export function targetWhole(blocks: readonly SourceBlock[], file: string, headers: readonly Header[]): boolean {
  const shown = new Set<number>();
  for (const block of blocks) {
    if (!samePath(block.path, file)) continue;
    for (const line of block.lines) if (line.number !== undefined) shown.add(line.number);
  }
  return headers.some((h) => {
    if (h.end === undefined) return false;
    for (let n = h.line; n <= h.end; n++) if (!shown.has(n)) return false;
    return true;
  });
}

// ---- finding a definition's header line --------------------------------------------------------

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The language family of a file, by extension. */
function family(file: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  const map: Record<string, string> = {
    py: 'python', go: 'go', rs: 'rust', rb: 'ruby', php: 'php', java: 'java',
    ts: 'js', tsx: 'js', js: 'js', mjs: 'js', c: 'c', h: 'c', cc: 'c', cpp: 'c', hpp: 'c',
  };
  return map[ext] ?? 'other';
}

const JAVA_NOT_A_DECL = /^\s*(return|new|throw|else|if|for|while|switch|case|do|try|catch|assert|this|super)\b/;

/**
 * Patterns that recognise a line declaring `name` in a file of the given language. They favour
 * recall of real declarations; a question that needs one of several same-named definitions pins
 * it with a qualified name (`Class.method`) or an explicit `line`.
 */
function declarationPatterns(lang: string, name: string): RegExp[] {
  const n = escape(name);
  const end = '(?![\\w?!=])';
  switch (lang) {
    case 'python':
      return [new RegExp(`^\\s*(?:async\\s+def|def|class)\\s+${n}\\b`)];
    case 'go':
      return [
        new RegExp(`^func\\s+(?:\\([^)]*\\)\\s*)?${n}\\s*[[(]`),
        new RegExp(`^\\s*type\\s+${n}\\b`),
        new RegExp(`^\\s*(?:var|const)\\s+${n}\\b`),
        new RegExp(`^\\t${n}\\s+(?:struct|interface|func|=|[\\w*\\[])`),
      ];
    case 'rust':
      return [
        new RegExp(`^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?(?:(?:const|async|unsafe|extern\\s+"[^"]*"|default)\\s+)*(?:fn|struct|enum|trait|type|union|mod|const|static)\\s+${n}\\b`),
        new RegExp(`^\\s*macro_rules!\\s*${n}\\b`),
      ];
    case 'ruby':
      return [
        new RegExp(`^\\s*def\\s+(?:self\\.)?${n}${end}`),
        new RegExp(`^\\s*(?:class|module)\\s+(?:\\w+::)*${n}\\b`),
      ];
    case 'php':
      return [
        new RegExp(`\\bfunction\\s+&?${n}\\s*\\(`),
        new RegExp(`^\\s*(?:(?:abstract|final|readonly)\\s+)*(?:class|interface|trait|enum)\\s+${n}\\b`),
      ];
    case 'java':
      return [
        new RegExp(`\\b(?:class|interface|enum|record|@interface)\\s+${n}\\b`),
        new RegExp(
          `^\\s*(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|protected|private|static|final|abstract|synchronized|native|default|strictfp|transient|volatile)\\s+)*(?:<[^>]+>\\s+)?[\\w$.]+(?:<[^;=]*>)?(?:\\[\\])*\\s+${n}\\s*\\(`,
        ),
        // Constructors: a visibility modifier, then the name.
        new RegExp(`^\\s*(?:public|protected|private)\\s+${n}\\s*\\(`),
      ];
    case 'js':
      return [
        new RegExp(`\\b(?:function\\*?|class|interface|type|enum|const|let|var)\\s+${n}\\b`),
        // Methods and object-literal members; a line ending in `;` is a call statement, not a header.
        new RegExp(`^\\s*(?:(?:public|private|protected|static|async|readonly|get|set|override|abstract)\\s+)*#?${n}\\s*[(<](?!.*;\\s*$)`),
        new RegExp(`^\\s*${n}\\s*:\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*=>|[\\w$]+\\s*=>)`),
        // CommonJS members: `proto.use = function use(`, `exports.parse = (s) =>`.
        new RegExp(`^\\s*(?:[\\w$]+\\.)+${n}\\s*=\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*=>|[\\w$]+\\s*=>)`),
      ];
    case 'c':
      return [
        // A function header: type words, then the name and `(`, not a statement (no `;` at the end).
        new RegExp(`^\\s*(?!(?:return|if|while|for|switch|else|do|case|sizeof|throw|delete|new)\\b)[\\w\\s*&:<>,~]*?\\b${n}\\s*\\([^;]*$`),
        new RegExp(`^\\s*(?:typedef\\s+)?(?:struct|union|enum|class)\\s+${n}\\b`),
        new RegExp(`^\\s*#\\s*define\\s+${n}\\b`),
      ];
    default:
      return [new RegExp(`\\b${n}\\b`)];
  }
}

function isCommentOrCall(lang: string, line: string): boolean {
  const t = line.trim();
  if (t.startsWith('//') || t.startsWith('#') && lang !== 'c' || t.startsWith('*') || t.startsWith('/*')) return true;
  if (lang === 'java' && (JAVA_NOT_A_DECL.test(line) || /[=]\s*[^=]*\(/.test(t.split('(')[0] ?? ''))) return true;
  if (lang === 'js' || lang === 'c') {
    // The inner lines of a call spread over several lines look like headers: `f(a, b)),`, `f(x))`,
    // `dump(req, function onfinished () {`.
    const code = t.replace(/\s*(?:\/\*.*\*\/|\/\/.*)$/, '');
    if (/\)\)$|\)\s*,$/.test(code)) return true;
    if (lang === 'js' && /^[\w$#]+\s*\(.*(?:\bfunction\b|=>)/.test(code)) return true;
  }
  return false;
}

/** Leading whitespace width (tabs count 4). */
function indentOf(line: string): number {
  const lead = /^[\t ]*/.exec(line)?.[0] ?? '';
  return [...lead].reduce((n, c) => n + (c === '\t' ? 4 : 1), 0);
}

/** Lines (1-based) of `source` that declare `name` (an unqualified identifier). */
function declarationLines(source: readonly string[], file: string, name: string, from = 0, to = source.length): number[] {
  const lang = family(file);
  const patterns = declarationPatterns(lang, name);
  const found: number[] = [];
  for (let i = from; i < to; i++) {
    const line = source[i] ?? '';
    if (isCommentOrCall(lang, line)) continue;
    if (patterns.some((p) => p.test(line))) found.push(i + 1);
    else if (lang === 'java' && i > 0 && wrappedJavaHeader(source[i - 1] ?? '', line, patterns)) found.push(i + 1);
  }
  return found;
}

/**
 * A Java method header wrapped before its name (`private <T> Lookup` then `lookup(Class<T> c)`):
 * the two lines read as one match a header pattern. The line before must not end a statement.
 */
function wrappedJavaHeader(previous: string, line: string, patterns: readonly RegExp[]): boolean {
  const before = previous.trim();
  if (before === '' || /[;{}),]$/.test(before) || /^(?:\/\/|\*|\/\*)/.test(before)) return false;
  const joined = `${before} ${line.trim()}`;
  return patterns.some((p) => p.test(joined));
}

/** Where the definition whose header is at `line` (1-based) ends (1-based, inclusive). */
function extentOf(source: readonly string[], file: string, line: number): number {
  const lang = family(file);
  const base = indentOf(source[line - 1] ?? '');
  if (lang === 'python') {
    for (let i = line; i < source.length; i++) {
      const text = source[i] ?? '';
      if (text.trim() !== '' && !text.trim().startsWith('#') && indentOf(text) <= base) return i;
    }
    return source.length;
  }
  if (lang === 'ruby') {
    for (let i = line; i < source.length; i++) {
      const text = source[i] ?? '';
      if (/^\s*end\b/.test(text) && indentOf(text) === base) return i + 1;
    }
    return source.length;
  }
  // Brace languages: count braces from the header on, ignoring string literals and line comments.
  let depth = 0;
  let opened = false;
  for (let i = line - 1; i < source.length; i++) {
    const text = (source[i] ?? '').replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])'/g, '""').replace(/\/\/.*$/, '');
    for (const c of text) {
      if (c === '{') {
        depth++;
        opened = true;
      } else if (c === '}') {
        depth--;
      }
    }
    if (opened && depth <= 0) return i + 1;
    if (!opened && /;\s*$/.test(text)) return i + 1;
  }
  return source.length;
}

/**
 * The header line(s) of a target. `name` may be qualified with `.`, `::` or `#`
 * (`QuerySet.exclude`, `Application::find`, `Command#execute`): each part after the first is looked
 * up inside the extent of the previous one. `line` pins a header when given (it must then be a
 * line whose text mentions the last part of the name). Returns an empty list when nothing fits.
 */
export function findHeaders(sourceText: string, file: string, name: string, line?: number): Header[] {
  const source = sourceText.split(/\r?\n/);
  const parts = name.split(/::|#|\.(?=[A-Za-z_$])/).filter((p) => p !== '');
  const last = parts[parts.length - 1] ?? name;
  if (line !== undefined) {
    const text = source[line - 1];
    return text !== undefined && text.includes(last) ? [{ line, text }] : [];
  }
  let ranges: [number, number][] = [[0, source.length]];
  for (const part of parts) {
    const next: [number, number][] = [];
    for (const [from, to] of ranges) {
      // `from` is the container's header line (1-based), so its members are searched after it.
      for (const at of declarationLines(source, file, part, from, to)) next.push([at, extentOf(source, file, at)]);
    }
    ranges = next;
    if (ranges.length === 0) break;
  }
  return ranges.map(([at]) => ({ line: at, text: source[at - 1] ?? '' }));
}
