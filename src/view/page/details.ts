/** The detail panels: a symbol's or a file's current source (with the stale marker) and its impact. */
import type { ImpactAnswer, SourceAnswer } from './api.js';
import { h } from './dom.js';

/** Fills `panel` with the lines of `source`, the symbol's own lines highlighted, and scrolls to them. */
export function showSource(panel: HTMLElement, source: SourceAnswer): void {
  const code = h('pre', { class: 'code' });
  source.lines.forEach((text, i) => {
    const line = source.from + i;
    const inside = source.startLine !== undefined && source.endLine !== undefined && line >= source.startLine && line <= source.endLine;
    code.append(h('span', { class: inside ? 'line hl' : 'line', 'data-line': line }, h('span', { class: 'ln' }, String(line)), text));
  });
  const what = source.name === undefined ? source.path : `${source.kind ?? ''} ${source.name} — ${source.path}:${source.startLine ?? ''}-${source.endLine ?? ''}`;
  const head = h('div', { class: 'source-head' }, what);
  if (source.stale) head.append(h('span', { class: 'stale', title: 'The file changed since the last sync: lines may have moved' }, 'changed since the last sync'));
  const shown = source.from + source.lines.length - 1;
  const tail = shown < source.totalLines ? [h('p', { class: 'note' }, `lines ${source.from}-${shown} of ${source.totalLines}`)] : [];
  panel.replaceChildren(head, code, ...tail);
  code.querySelector('.hl')?.scrollIntoView({ block: 'nearest' });
}

/** Fills `panel` with the blast radius and the tests reached; `open` is called with a clicked symbol's id. */
export function showImpact(panel: HTMLElement, impact: ImpactAnswer, open: (id: number) => void): void {
  const t = impact.target;
  const head = h('div', { class: 'source-head' }, `Impact of ${t.kind} ${t.name} (${t.path}:${t.line}), depth ${impact.depth}: ${impact.count} dependents in ${impact.fileCount} files; ${impact.tests.length} test files reached`);
  const tests = h('ul', { class: 'impact-files impact-tests' }, ...impact.tests.map((f) => h('li', { class: 'test' }, `${f.path}: ${f.functions.map((fn) => fn.name).join(', ') || '(the file)'}`)));
  const files = h('ul', { class: 'impact-files' });
  for (const f of impact.files) {
    const item = h('li', { class: f.isTest ? 'test' : '' }, `${f.path}: `);
    f.nodes.forEach((n, i) => {
      const link = h('a', { href: `#symbol=${n.id}`, 'data-id': n.id }, n.name);
      link.addEventListener('click', (event) => {
        event.preventDefault();
        open(n.id);
      });
      item.append(...(i > 0 ? [', '] : []), link);
    });
    files.append(item);
  }
  panel.replaceChildren(head, h('h3', {}, 'Tests reached'), tests, h('h3', {}, 'Dependents by file'), files);
}
