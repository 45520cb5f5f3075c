/**
 * One managed file each: how installing changes its text and how uninstalling takes the change
 * back, as pure functions of the text. A text that does not parse throws `ConfigParseError`
 * naming the line, and nothing is written.
 */
import { appendElement, removeItem, replaceItemValue, setValue } from './jsonc-edit.js';
import { member, parseJsonc, plainValue, type JsoncContainer, type JsoncNode, type JsonValue } from './jsonc.js';
import { removeBlock, setBlock } from './markdown-block.js';
import { checkToml, definedElsewhere, findTable, removeTable, setTable, type TomlValue } from './toml-table.js';
import { describeEntry, ForeignEntryError, HOOK_MARK_FIELD, isMarkedEntry, MANAGED_BY, MARK_VARIABLE } from './marker.js';
import type { JsonEntry } from './entry.js';

/** A managed file that does not parse (or holds our entry in a form this editor will not merge). */
export class ConfigParseError extends Error {
  override readonly name = 'ConfigParseError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

/** A managed file: what install and uninstall do to its text. */
export interface FileOp {
  readonly path: string;
  /** What the file holds, for messages: `MCP config`, `instructions`, `skill`, `prompt hook`. */
  readonly what: string;
  /**
   * The text after installing into `text` (`''` for a missing file). Throws `ForeignEntryError`
   * when another tool's entry is where ours goes, unless `force`.
   */
  install(text: string, force?: boolean): string;
  /**
   * The text after removing what install wrote. `original` is the text before the first install
   * when it was recorded (null: install created the file); ops whose own part carries no mark use
   * it to tell what they added from what was there.
   */
  uninstall(text: string, original?: string | null): string;
  /** Whether a text holds nothing but what codegraph wrote (the file can go). */
  isEmpty(text: string): boolean;
  /** Whether the whole file is codegraph's (it is deleted on uninstall unless edited since). */
  readonly owned?: boolean;
  /** For an owned file: whether `text` is ours but edited since install (uninstall keeps it). */
  editedSinceInstall?(text: string): boolean;
}

/** Parses JSONC or throws `ConfigParseError`. */
export function parseOrThrow(text: string): JsoncNode | undefined {
  const parsed = parseJsonc(text);
  if (parsed.kind === 'invalid') throw new ConfigParseError(parsed.line, parsed.message);
  if (parsed.root !== undefined && parsed.root.kind !== 'object') throw new ConfigParseError(1, 'the top-level value is not an object');
  return parsed.root;
}

/** The server entry in a JSON(C) config; `legacyKey` is migrated to the entry's key. */
export function jsonEntryOp(path: string, entry: JsonEntry, legacyKey?: string): FileOp {
  const legacyPath = legacyKey === undefined ? undefined : [...entry.path.slice(0, -1), legacyKey];
  return {
    path,
    what: 'MCP config',
    install(text, force = false) {
      const existing = nodeAt(parseOrThrow(text), entry.path);
      if (existing !== undefined && !force && !isMarkedEntry(plainValue(existing))) {
        throw new ForeignEntryError(`already has a "${entry.path.join('.')}" server that codegraph-wasm did not write (it runs \`${describeEntry(plainValue(existing))}\`); it was left untouched. Add --force to replace it`);
      }
      const migrated = legacyPath === undefined ? text : removeAtPath(text, legacyPath, [], legacyPath.length - 1);
      const result = setValue(migrated, entry.path, entry.value, entry.trailing);
      return result.kind === 'changed' ? result.text : migrated;
    },
    uninstall(text) {
      const existing = nodeAt(parseOrThrow(text), entry.path);
      if (existing === undefined || !isMarkedEntry(plainValue(existing))) return text;
      return removeAtPath(text, entry.path, entry.trailing, 0);
    },
    isEmpty: emptyObject,
  };
}

/** A Claude Code `UserPromptSubmit` hook group running `command`, in a settings file. */
export function promptHookOp(path: string, command: string): FileOp {
  const group: JsonValue = { hooks: [{ type: 'command', command, timeout: 10, [HOOK_MARK_FIELD]: MANAGED_BY }] };
  const arrayPath = ['hooks', 'UserPromptSubmit'];
  return {
    path,
    what: 'prompt hook',
    install(text) {
      const root = parseOrThrow(text);
      const array = nodeAt(root, arrayPath);
      if (array === undefined) {
        const result = setValue(text, arrayPath, [group]);
        return result.kind === 'changed' ? result.text : text;
      }
      if (array.kind !== 'array') throw new ConfigParseError(1, 'hooks.UserPromptSubmit is not an array');
      const index = array.items.findIndex((item) => isOurHook(plainValue(item.value)));
      const result = index < 0 ? appendElement(text, array, group) : replaceItemValue(text, array.items[index] as (typeof array.items)[number], group);
      return result.kind === 'changed' ? result.text : text;
    },
    uninstall(text) {
      const array = nodeAt(parseOrThrow(text), arrayPath);
      if (array?.kind !== 'array') return text;
      const index = array.items.findIndex((item) => isOurHook(plainValue(item.value)));
      if (index < 0) return text;
      return pruneEmpty(removeItem(text, array, index), arrayPath, 1);
    },
    isEmpty: emptyObject,
  };
}

/** Whether a hook group is ours: one of its hooks carries the mark (another tool's `codegraph prompt-hook` is not). */
function isOurHook(value: JsonValue): boolean {
  const hooks = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, JsonValue>)['hooks'] : undefined;
  if (!Array.isArray(hooks)) return false;
  return (hooks as readonly JsonValue[]).some((h) => typeof h === 'object' && h !== null && !Array.isArray(h) && (h as Record<string, JsonValue>)[HOOK_MARK_FIELD] === MANAGED_BY);
}

/**
 * Claude Code's `permissions.allow` rules that let the read-only tools run without a prompt. A
 * rule is a plain string and carries no mark: uninstall removes only the rules the recorded
 * original did not hold, and none when there is no record.
 */
export function permissionsOp(path: string, rules: readonly string[]): FileOp {
  const arrayPath = ['permissions', 'allow'];
  const present = (text: string): Set<string> => {
    const array = nodeAt(parseOrThrow(text), arrayPath);
    if (array === undefined) return new Set();
    if (array.kind !== 'array') throw new ConfigParseError(1, 'permissions.allow is not an array');
    return new Set(array.items.map((item) => plainValue(item.value)).filter((v): v is string => typeof v === 'string'));
  };
  return {
    path,
    what: 'permissions',
    install(text) {
      const have = present(text);
      const missing = rules.filter((rule) => !have.has(rule));
      if (missing.length === 0) return text;
      let out = text;
      const array = nodeAt(parseOrThrow(out), arrayPath);
      if (array === undefined) {
        const result = setValue(out, arrayPath, [...missing]);
        return result.kind === 'changed' ? result.text : out;
      }
      for (const rule of missing) {
        const current = nodeAt(parseOrThrow(out), arrayPath);
        if (current?.kind !== 'array') break;
        const result = appendElement(out, current, rule);
        if (result.kind === 'changed') out = result.text;
      }
      return out;
    },
    uninstall(text, original) {
      if (original === undefined) return text;
      const before = original === null ? new Set<string>() : present(original);
      let out = text;
      for (const rule of rules) {
        if (before.has(rule)) continue;
        const array = nodeAt(parseOrThrow(out), arrayPath);
        if (array?.kind !== 'array') return out;
        const index = array.items.findIndex((item) => plainValue(item.value) === rule);
        if (index >= 0) out = removeItem(out, array, index);
      }
      return out === text ? text : pruneEmpty(out, arrayPath, 0);
    },
    isEmpty: emptyObject,
  };
}

/**
 * Several operations on one file as one (the prompt hook and the permissions in Claude Code's
 * settings): installed in order, removed in reverse, so that one record restores the file whole.
 */
export function composeOps(ops: readonly FileOp[]): FileOp {
  const [first] = ops;
  if (first === undefined) throw new Error('composeOps needs at least one operation');
  if (ops.length === 1) return first;
  return {
    path: first.path,
    what: ops.map((op) => op.what).join(', '),
    install: (text, force) => ops.reduce((acc, op) => op.install(acc, force), text),
    uninstall: (text, original) => [...ops].reverse().reduce((acc, op) => op.uninstall(acc, original), text),
    isEmpty: (text) => ops.every((op) => op.isEmpty(text)),
  };
}

/** Codex's `[mcp_servers.codegraph]` table in a TOML file. */
export function tomlTableOp(path: string, table: string, entries: Readonly<Record<string, TomlValue>>): FileOp {
  const check = (text: string): void => {
    const result = checkToml(text);
    if (result.kind === 'invalid') throw new ConfigParseError(result.line, result.message);
    if (definedElsewhere(text, table)) throw new ConfigParseError(1, `${table} is defined outside its own [${table}] table; edit it by hand`);
  };
  return {
    path,
    what: 'MCP config',
    install(text, force = false) {
      check(text);
      const found = findTable(text, table);
      if (found !== undefined && !force && !text.slice(found.start, found.end).includes(`${MARK_VARIABLE} = "${MANAGED_BY}"`)) {
        throw new ForeignEntryError(`already has a [${table}] table that codegraph-wasm did not write; it was left untouched. Add --force to replace it`);
      }
      const result = setTable(text, table, entries);
      return result.kind === 'changed' ? result.text : text;
    },
    uninstall(text) {
      check(text);
      const found = findTable(text, table);
      if (found === undefined || !text.slice(found.start, found.end).includes(`${MARK_VARIABLE} = "${MANAGED_BY}"`)) return text;
      return removeTable(text, table);
    },
    isEmpty: (text) => text.trim() === '',
  };
}

/** The managed block of an instructions file. */
export function markdownBlockOp(path: string, body: string): FileOp {
  return {
    path,
    what: 'instructions',
    install(text) {
      const result = setBlock(text, body);
      return result.kind === 'changed' ? result.text : text;
    },
    uninstall: removeBlock,
    isEmpty: (text) => text.trim() === '',
  };
}

/**
 * A file that is wholly codegraph's (the skill), recognised by `mark` in its text: a file of the
 * same name without it is another tool's and is not replaced without `force`; uninstall removes
 * the file only while it is exactly what install wrote.
 */
export function ownedFileOp(path: string, what: string, content: string, mark: string): FileOp {
  return {
    path,
    what,
    install(text, force = false) {
      if (text !== '' && !text.includes(mark) && !force) throw new ForeignEntryError(`exists and was not written by codegraph-wasm; it was left untouched. Add --force to replace it`);
      return content;
    },
    uninstall: (text) => (text === content ? '' : text),
    isEmpty: (text) => text === '',
    owned: true,
    editedSinceInstall: (text) => text !== content && text.includes(mark),
  };
}

/**
 * Removes the member at `path`, then every object on the way up (down to depth `keep`) that the
 * removal left empty: an install into a file without them created them.
 */
function removeAtPath(text: string, path: readonly string[], trailing: readonly string[], keep: number): string {
  const parentPath = path.slice(0, -1);
  const parent = nodeAt(parseOrThrow(text), parentPath);
  const key = path[path.length - 1];
  if (parent?.kind !== 'object') return text;
  const index = lastIndexOfKey(parent, key);
  if (index < 0) return text;
  return pruneEmpty(removeItem(text, parent, index, trailing), parentPath, keep);
}

function pruneEmpty(text: string, path: readonly string[], keep: number): string {
  let out = text;
  for (let depth = path.length; depth > keep && depth > 0; depth--) {
    const node = nodeAt(parseOrThrow(out), path.slice(0, depth));
    if (node === undefined || node.kind === 'scalar' || node.items.length > 0) break;
    const parent = nodeAt(parseOrThrow(out), path.slice(0, depth - 1));
    if (parent?.kind !== 'object') break;
    out = removeItem(out, parent, lastIndexOfKey(parent, path[depth - 1]));
  }
  return out;
}

function lastIndexOfKey(container: JsoncContainer, key: string | undefined): number {
  for (let i = container.items.length - 1; i >= 0; i--) if (container.items[i]?.key === key) return i;
  return -1;
}

function nodeAt(root: JsoncNode | undefined, path: readonly string[]): JsoncNode | undefined {
  let node = root;
  for (const key of path) node = member(node, key)?.value;
  return node;
}

function emptyObject(text: string): boolean {
  const root = parseJsonc(text);
  if (root.kind === 'invalid') return false;
  return root.root === undefined || (root.root.kind === 'object' && root.root.items.length === 0 && !/\/[/*]/.test(text));
}
