/**
 * JSX in TypeScript and JavaScript files: a PascalCase function that renders JSX is a component,
 * and `<Widget />` or `<ui.Widget>` is a use of the component `Widget`.
 */
import type { Node } from 'web-tree-sitter';
import { isPascalCase } from '../../names.js';
import type { FileState } from './file-state.js';
import { qualifiedRef } from './references.js';

/**
 * An opening or self-closing JSX element: turns the enclosing PascalCase function into a component
 * and records a `calls` ref to the element when it names a component rather than an HTML tag.
 */
export function visitJsxElement(state: FileState, element: Node): void {
  const builder = state.builder;
  const owner = builder.current;
  if (state.components.has(owner)) {
    builder.amend(owner, { kind: 'component' });
    state.components.delete(owner);
  }
  const name = element.childForFieldName('name');
  if (name !== null && (name.type === 'member_expression' || isPascalCase(name.text) || /^[A-Z]/.test(name.text))) {
    qualifiedRef(builder, 'calls', name);
  }
}
