/** The notes stage: what the laid-out sections could not show, and why. */
import type { Layout } from '../layout/lay-out.js';

/** Notes on drifted, unreadable and trimmed sections, then on the files that found no room. */
export function layoutNotes(layout: Layout): string[] {
  const notes: string[] = [];
  const trimmed: { readonly path: string; readonly shown: number; readonly relevant: number }[] = [];
  for (const { section, relevant } of layout.sections) {
    if (section.omitted === 'drifted-too-large') notes.push(`\`${section.path}\` changed since the last index sync and is too large to show whole, so it is omitted (its stored line numbers are unsafe); read it directly or run \`codegraph sync\`.`);
    else if (section.omitted === 'unreadable') notes.push(`\`${section.path}\` could not be read, so its source is omitted.`);
    else if (section.clipped) trimmed.push({ path: section.path, shown: section.shown.length, relevant });
  }
  // Every trimmed file in one note: the advice once, not once per file (room the also-relevant block keeps).
  const [only] = trimmed;
  if (trimmed.length === 1 && only !== undefined) {
    notes.push(`\`${only.path}\` was trimmed to its budget (${only.shown} of ${only.relevant} relevant symbols shown); ask about it by path or name for more.`);
  } else if (trimmed.length > 1) {
    notes.push(`Trimmed to their budgets (relevant symbols shown): ${trimmed.map((t) => `\`${t.path}\` ${t.shown} of ${t.relevant}`).join(', ')}; ask about a file by path or name for more.`);
  }
  const skipped = layout.skipped;
  if (skipped.length > 0) notes.push(`No room left for ${skipped.length} more relevant file${skipped.length === 1 ? '' : 's'}: ${skipped.slice(0, 4).map((p) => `\`${p}\``).join(', ')}.`);
  return notes;
}
