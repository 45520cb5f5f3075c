/** Small DOM helpers: elements with attributes and text, in HTML and in SVG. */

const SVG_NS = 'http://www.w3.org/2000/svg';

type Attrs = Readonly<Record<string, string | number | undefined>>;

/** An HTML element with attributes and children (strings become text). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  node.append(...children);
  return node;
}

/** An SVG element with attributes and children. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  node.append(...children);
  return node;
}

function setAttrs(node: Element, attrs: Attrs): void {
  for (const [key, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(key, String(value));
}

/** The element with `id`; throws when the page lacks it (a broken build). */
export function byId<T extends HTMLElement | SVGSVGElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found as unknown as T;
}

/** Text cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** A stable pastel colour for a name (a language), as an `hsl()` value. */
export function hueOf(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return `hsl(${hash % 360}, 45%, 82%)`;
}

/** Marks that something was drawn: a performance mark, and the time on `body` for tests and the bench. */
export function markPainted(name: string): void {
  requestAnimationFrame(() => {
    performance.mark(name);
    document.body.dataset[name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())] = String(Math.round(performance.now()));
  });
}
