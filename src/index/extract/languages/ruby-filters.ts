/**
 * Rails controller filters: `before_action :find_issue, only: [:show, :edit]` runs `find_issue`
 * before those actions, so each action it guards calls it. An action is a public instance method
 * defined in the class's body. `after_action` and `around_action`, their `prepend_` and `append_`
 * forms and Rails 4's `*_filter` read alike; `skip_*_action` in the same class takes a filter off
 * the actions it names. The calls are recorded from each action, at the filter's name in the
 * declaration, once the file is walked (a filter is declared above the actions it guards), as
 * implicit ones: callers and callees see them, the names an action's body uses do not. A filter
 * of the class is no action itself.
 * A parent class's filters are not followed; nor is a filter written as a block or a lambda.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../builder.js';

const FILTERS = new Set(['before', 'after', 'around'].flatMap((when) => ['', 'prepend_', 'append_'].flatMap((how) => [`${how}${when}_action`, `${how}${when}_filter`])));
const SKIPS = new Set(['before', 'after', 'around'].flatMap((when) => [`skip_${when}_action`, `skip_${when}_filter`]));

/** Whether a call's method name declares or skips a filter. */
export function isFilterCall(name: string): boolean {
  return FILTERS.has(name) || SKIPS.has(name);
}

/** One declaration's filter: its name, where it is written, and the actions it names. */
interface Filter {
  readonly name: string;
  readonly at: Node;
  readonly only: ReadonlySet<string> | undefined;
  readonly except: ReadonlySet<string> | undefined;
  readonly skip: boolean;
}

/** The filters and actions of a file's controller classes, by the class's symbol index. */
export class ControllerFilters {
  readonly #filters = new Map<number, Filter[]>();
  readonly #actions = new Map<number, { readonly index: number; readonly name: string }[]>();

  /** Notes the filters `call` (named `name`, in the body of class `owner`) declares or skips. */
  note(owner: number, call: Node, name: string): void {
    const args = call.childForFieldName('arguments');
    if (args === null) return;
    const names: { readonly name: string; readonly at: Node }[] = [];
    let only: Set<string> | undefined;
    let except: Set<string> | undefined;
    let unread = false;
    for (const arg of args.namedChildren) {
      if (arg === null) continue;
      const named = symbolText(arg);
      if (named !== undefined) names.push({ name: named, at: arg });
      for (const pair of arg.type === 'pair' ? [arg] : arg.type === 'hash' ? arg.namedChildren : []) {
        const key = pair?.type === 'pair' ? keyText(pair.childForFieldName('key')) : undefined;
        if (key !== 'only' && key !== 'except') continue;
        const actions = actionNames(pair?.childForFieldName('value') ?? null);
        if (actions === undefined) unread = true;
        else if (key === 'only') only = actions;
        else except = actions;
      }
    }
    // Actions named by an expression (`only: ACTIONS`) are not known here: such a filter is left out.
    if (names.length === 0 || unread) return;
    const list = this.#filters.get(owner) ?? [];
    for (const { name: filter, at } of names) list.push({ name: filter, at, only, except, skip: SKIPS.has(name) });
    this.#filters.set(owner, list);
  }

  /** Notes an action: public instance method `name`, symbol `index`, of class `owner`. */
  action(owner: number, index: number, name: string): void {
    const list = this.#actions.get(owner) ?? [];
    list.push({ index, name });
    this.#actions.set(owner, list);
  }

  /**
   * Records, from each action, a call of every filter that guards it (a filter of the class is no
   * action), up to MAX_FILTER_CALLS in the file and MAX_FILTER_CHECKS pairs of a declaration (a
   * filter or a skip) and an action looked at.
   */
  record(b: ExtractionBuilder): void {
    let left = MAX_FILTER_CALLS;
    let checks = MAX_FILTER_CHECKS;
    for (const [owner, filters] of this.#filters) {
      const named = new Set(filters.map((f) => f.name));
      const guards = filters.filter((f) => !f.skip);
      const skips = filters.filter((f) => f.skip);
      for (const action of this.#actions.get(owner) ?? []) {
        if (named.has(action.name)) continue;
        checks -= filters.length;
        if (checks < 0) return;
        const skipped = new Set(skips.filter((s) => applies(s, action.name)).map((s) => s.name));
        const guarding = guards.filter((f) => !skipped.has(f.name) && applies(f, action.name)).slice(0, left);
        left -= guarding.length;
        if (guarding.length > 0) b.within(action.index, () => guarding.forEach((f) => b.implicitCall(f.name, f.at)));
        if (left === 0) return;
      }
    }
  }
}

/**
 * Most filter calls recorded in one file: redmine's 50 controllers make 978 in all. A file past it
 * is generated (a thousand filters on a thousand actions would be a million calls); its first
 * ones are kept.
 */
const MAX_FILTER_CALLS = 10_000;
/** Most pairs of a declaration and an action looked at in one file (each a few set lookups): a generated file's bound. */
const MAX_FILTER_CHECKS = 1_000_000;

function applies(filter: Filter, action: string): boolean {
  return (filter.only === undefined || filter.only.has(action)) && (filter.except === undefined || !filter.except.has(action));
}

/** `:name`, `'name'` or a `%i[…]` item as the name it spells. */
function symbolText(node: Node): string | undefined {
  if (node.type === 'simple_symbol') return node.text.slice(1);
  if (node.type === 'bare_symbol') return node.text;
  if (node.type === 'string' && node.namedChildCount === 1 && node.firstNamedChild?.type === 'string_content') return node.firstNamedChild.text;
  return undefined;
}

/** A pair's key: `only:` or `:only =>`. */
function keyText(node: Node | null): string | undefined {
  if (node === null) return undefined;
  return node.type === 'hash_key_symbol' ? node.text : symbolText(node);
}

/** `:show`, `'show'`, `[:show, :edit]` or `%i[show edit]` as action names; undefined for any other expression. */
function actionNames(value: Node | null): Set<string> | undefined {
  if (value === null) return undefined;
  const out = new Set<string>();
  for (const item of value.type === 'array' || value.type === 'symbol_array' ? value.namedChildren : [value]) {
    const name = item === null ? undefined : symbolText(item);
    if (name === undefined) return undefined;
    out.add(name);
  }
  return out;
}
