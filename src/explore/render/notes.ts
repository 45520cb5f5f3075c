/** The notes stage: what the laid-out sections could not show, and why. */
import type { Layout } from '../layout/lay-out.js';

/** Notes on drifted, unreadable and trimmed sections, then on the files that found no room. */
export function layoutNotes(layout: Layout): string[] {
  const notes: string[] = [];
  for (const { section, relevant } of layout.sections) {
    if (section.omitted === 'drifted-too-large') notes.push(`\`${section.path}\` changed since the last index sync and is too large to show whole, so it is omitted (its stored line numbers are unsafe); read it directly or run \`codegraph sync\`.`);
    else if (section.omitted === 'unreadable') notes.push(`\`${section.path}\` could not be read, so its source is omitted.`);
    else if (section.clipped) {
      notes.push(`\`${section.path}\` was trimmed to its budget (${section.shown.length} of ${relevant} relevant symbols shown); ask about it by path or name for more.`);
    }
  }
  const skipped = layout.skipped;
  if (skipped.length > 0) notes.push(`No room left for ${skipped.length} more relevant file${skipped.length === 1 ? '' : 's'}: ${skipped.slice(0, 4).map((p) => `\`${p}\``).join(', ')}.`);
  return notes;
}
