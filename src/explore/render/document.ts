/**
 * Assembles the answer from its blocks under the hard character ceiling. When it does not fit,
 * the also-relevant entries go first, one by one from the end; then the sections of files the
 * query does not name from the end (always with a note naming them), then the other optional
 * blocks, then the named files' sections from the end; only if a single section still cannot fit
 * is text cut at a line boundary.
 */
import { POINTERS_HEADING } from './pointers.js';

/** A rendered file section and what it counts towards the summary. */
export interface PlacedSection {
  readonly path: string;
  readonly text: string;
  readonly symbols: number;
  readonly drifted: boolean;
  /** Named by the query (path, anchor, exact or named symbol): cut only after every other block. */
  readonly named?: boolean;
}

/** The blocks of an answer, in output order. */
export interface DocumentParts {
  /** The drift banner for the drifted files among those shown (empty for none). */
  readonly banner: (shownDrifted: readonly string[]) => string;
  readonly title: string;
  readonly summary: readonly string[];
  readonly flow: readonly string[];
  readonly blast: readonly string[];
  readonly dynamic: readonly string[];
  readonly sections: readonly PlacedSection[];
  /** The also-relevant entries, best first, each one or more lines. */
  readonly alsoRelevant: readonly string[];
  readonly notes: readonly string[];
}

/** The assembled text and what survived. */
export interface Assembled {
  readonly text: string;
  readonly sections: readonly PlacedSection[];
  /** Sections dropped by the ceiling. */
  readonly cut: readonly string[];
  readonly droppedBlocks: readonly string[];
}

type Block = 'alsoRelevant' | 'dynamic' | 'flow' | 'blast';
const DROP_ORDER: readonly Block[] = ['alsoRelevant', 'dynamic', 'flow', 'blast'];

/** The answer, never longer than `limit` characters. */
export function assemble(parts: DocumentParts, limit: number): Assembled {
  const kept = parts.sections.map(() => true);
  const dropped = new Set<Block>();
  const lastKept = (named: boolean): number => {
    for (let i = kept.length - 1; i >= 0; i--) if (kept[i] === true && (parts.sections[i]?.named === true) === named) return i;
    return -1;
  };
  // The also-relevant entries go one by one, from the end, before any source section does.
  let relevant = parts.alsoRelevant.length;
  for (;;) {
    const shown = parts.sections.filter((_, i) => kept[i] === true);
    const cut = parts.sections.filter((_, i) => kept[i] !== true).map((s) => s.path);
    const text = compose(parts, { sections: shown, cut, dropped, relevant }, limit);
    if (text.length <= limit) return { text, sections: shown, cut, droppedBlocks: [...dropped] };
    if (relevant > 0) {
      if (--relevant === 0) dropped.add('alsoRelevant');
      continue;
    }
    const unnamed = lastKept(false);
    const named = lastKept(true);
    const total = shown.length;
    const next = DROP_ORDER.find((b) => !dropped.has(b));
    if (unnamed >= 0 && total > 1) kept[unnamed] = false;
    else if (next !== undefined) dropped.add(next);
    else if (total > 0) kept[named >= 0 ? named : unnamed] = false;
    else return { text: hardCut(text, limit), sections: [], cut, droppedBlocks: [...dropped] };
  }
}

/** What one attempt keeps: the sections shown and cut, the blocks dropped, and how many also-relevant entries. */
interface Attempt {
  readonly sections: readonly PlacedSection[];
  readonly cut: readonly string[];
  readonly dropped: ReadonlySet<Block>;
  readonly relevant: number;
}

function compose(parts: DocumentParts, attempt: Attempt, limit: number): string {
  const { sections, cut, dropped } = attempt;
  const notes = [...parts.notes];
  if (cut.length > 0) {
    notes.push(`Output cut at the ${limit}-character ceiling at a file-section boundary: ${cut.length} more file section${cut.length === 1 ? '' : 's'} left out (${cut.slice(0, 4).map((p) => `\`${p}\``).join(', ')}${cut.length > 4 ? ` +${cut.length - 4} more` : ''}); raise maxChars or narrow the query.`);
  }
  const droppedNames = DROP_ORDER.filter((b) => dropped.has(b) && blockLines(parts, b).length > 0);
  if (droppedNames.length > 0) notes.push(`Left out to stay under ${limit} characters: the ${droppedNames.map(label).join(', ')} block${droppedNames.length === 1 ? '' : 's'}.`);
  const out: string[] = [parts.title, foundLine(sections, notes)];
  for (const line of parts.summary) out.push(line);
  const block = (name: Block, heading: string, lines: readonly string[]): void => {
    if (lines.length === 0 || dropped.has(name)) return;
    out.push('', heading, ...lines);
  };
  block('flow', 'Flow (call paths among the named symbols):', parts.flow);
  block('blast', 'Blast radius:', parts.blast);
  block('dynamic', 'Dynamic dispatch (the static call graph ends here):', parts.dynamic);
  if (sections.length > 0) {
    out.push('', 'Source (verbatim current source, grouped by file):');
    for (const s of sections) out.push('', s.text);
  }
  block('alsoRelevant', POINTERS_HEADING, parts.alsoRelevant.slice(0, attempt.relevant));
  if (notes.length > 0) out.push('', 'Notes:', ...notes.map((n) => `- ${n}`));
  const drifted = sections.filter((s) => s.drifted).map((s) => s.path);
  return parts.banner(drifted) + out.join('\n') + '\n';
}

/**
 * What the source sections hold; with none shown and notes saying why (a secret file, an
 * unreadable or drifted one, the ceiling), a count of zero would read as "nothing found" beside
 * the blocks that list what was found, so the line points to the notes instead.
 */
function foundLine(sections: readonly PlacedSection[], notes: readonly string[]): string {
  if (sections.length === 0 && notes.length > 0) return 'No source shown; the notes below say why.';
  const symbols = sections.reduce((n, s) => n + s.symbols, 0);
  return `Found ${symbols} symbol${symbols === 1 ? '' : 's'} across ${sections.length} file${sections.length === 1 ? '' : 's'}.`;
}

function blockLines(parts: DocumentParts, block: Block): readonly string[] {
  return parts[block];
}

function label(block: Block): string {
  return block === 'alsoRelevant' ? 'also-relevant' : block === 'blast' ? 'blast-radius' : block === 'dynamic' ? 'dynamic-dispatch' : 'flow';
}

function hardCut(text: string, limit: number): string {
  const note = `\n… output cut at the ${limit}-character ceiling.\n`;
  const room = Math.max(0, limit - note.length);
  let cut = text.lastIndexOf('\n', room);
  if (cut <= 0) cut = room;
  return text.slice(0, cut) + note;
}
