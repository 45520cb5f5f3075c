/**
 * Words code abbreviates: a question says "arguments", "error", "context" where the code says
 * `args`, `err`, `ctx`. Each group is one meaning, spelled in full first; a stemmed term of a
 * question also meets the other spellings of its groups. The list holds the abbreviations common
 * across languages' standard libraries and style guides; a word whose light stem collides with an
 * unrelated word (`format` and `form`, `pointer` and `point`, `receive` and `rec`, `header` and
 * `head`, `statistics` and `stat`) or whose short form means several unrelated things (`desc`,
 * `spec`, `reg`) is left out, since a wrong meaning costs more than a missed one. Words that are
 * stop words (`function`, `implementation`) never reach a query and are not listed.
 */
import { stem } from './words.js';

const GROUPS: readonly (readonly string[])[] = [
  ['address', 'addr'], ['administration', 'admin'], ['allocation', 'alloc'], ['application', 'app'],
  ['argument', 'arg', 'argv'], ['attribute', 'attr'], ['authentication', 'auth'], ['authorization', 'auth'],
  ['boolean', 'bool'], ['buffer', 'buf'], ['button', 'btn'], ['calculate', 'calc'], ['callback', 'cb'],
  ['certificate', 'cert'], ['channel', 'chan'], ['character', 'char', 'chr'], ['column', 'col'],
  ['command', 'cmd'], ['compare', 'cmp'], ['configuration', 'config', 'cfg', 'conf'], ['connection', 'conn'],
  ['context', 'ctx'], ['coordinate', 'coord'], ['count', 'cnt'], ['current', 'cur', 'curr'],
  ['database', 'db'], ['destination', 'dest', 'dst'], ['dictionary', 'dict'], ['directory', 'dir'],
  ['document', 'doc'], ['element', 'elem'], ['environment', 'env'], ['error', 'err'], ['evaluate', 'eval'],
  ['execute', 'exec'], ['expression', 'expr'], ['extension', 'ext'], ['generate', 'gen'],
  ['hexadecimal', 'hex'], ['identifier', 'ident'], ['image', 'img'], ['index', 'idx'],
  ['information', 'info'], ['initialize', 'init'], ['integer', 'int'], ['iterator', 'iter'],
  ['language', 'lang'], ['length', 'len'], ['library', 'lib'], ['manager', 'mgr'], ['maximum', 'max'],
  ['memory', 'mem'], ['message', 'msg'], ['minimum', 'min'], ['miscellaneous', 'misc'], ['namespace', 'ns'],
  ['number', 'num'], ['object', 'obj'], ['operation', 'op'], ['option', 'opt'], ['original', 'orig'],
  ['package', 'pkg'], ['parameter', 'param'], ['password', 'passwd', 'pwd'], ['position', 'pos'],
  ['previous', 'prev'], ['process', 'proc'], ['property', 'prop'], ['reference', 'ref'],
  ['repository', 'repo'], ['request', 'req'], ['response', 'resp', 'res'], ['result', 'res'],
  ['schedule', 'sched'], ['sequence', 'seq'], ['signature', 'sig'], ['socket', 'sock'], ['source', 'src'],
  ['statement', 'stmt'], ['string', 'str'], ['synchronize', 'sync'], ['target', 'tgt'],
  ['template', 'tmpl', 'tpl'], ['temporary', 'temp', 'tmp'], ['token', 'tok'], ['transaction', 'txn', 'tx'],
  ['utility', 'util'], ['value', 'val'], ['variable', 'var'], ['vector', 'vec'], ['version', 'ver'],
  ['average', 'avg'], ['background', 'bg'], ['capability', 'caps'], ['control', 'ctrl'], ['controller', 'ctrl'],
  ['exception', 'exc'], ['foreground', 'fg'], ['frequency', 'freq'], ['instance', 'inst'], ['interface', 'iface'],
  ['kernel', 'kern'], ['management', 'mgmt'], ['navigation', 'nav'], ['notification', 'notif'], ['packet', 'pkt'],
  ['random', 'rand'], ['server', 'srv'], ['service', 'svc'], ['session', 'sess'],
];

const NONE: readonly string[] = [];

/** Per stemmed term, the stems of its other spellings (a term of several groups gets them all). */
const VARIANTS: ReadonlyMap<string, readonly string[]> = variantMap(GROUPS.map((group) => group.map(stem)));
/** Per plain lowercase word, its other spellings as plain words (for an index that stems on its own). */
const WORD_VARIANTS: ReadonlyMap<string, readonly string[]> = variantMap(GROUPS);
/** The listed word of each stem, so an inflected word (`arguments`, `errors`) finds its group. */
const WORD_OF_STEM: ReadonlyMap<string, string> = new Map(GROUPS.flat().map((w) => [stem(w), w]));

/** The other stems that mean what the stemmed `term` means; empty for most terms. */
export function termVariants(term: string): readonly string[] {
  return VARIANTS.get(term) ?? NONE;
}

/** The other plain words that mean what the lowercase `word` (or its stem) means; empty for most words. */
export function wordVariants(word: string): readonly string[] {
  return WORD_VARIANTS.get(word) ?? WORD_VARIANTS.get(WORD_OF_STEM.get(stem(word)) ?? '') ?? NONE;
}

/** Per member of each group, the group's other members (a member of several groups gets them all). */
function variantMap(groups: readonly (readonly string[])[]): Map<string, readonly string[]> {
  const out = new Map<string, Set<string>>();
  for (const group of groups) {
    for (const member of group) {
      const others = out.get(member) ?? new Set<string>();
      for (const other of group) if (other !== member) others.add(other);
      out.set(member, others);
    }
  }
  return new Map([...out].map(([member, others]) => [member, [...others]]));
}
