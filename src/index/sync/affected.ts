/**
 * The affected set of a targeted (incremental) run: the files whose references may resolve
 * differently after a small change, asked of the old graph before the new extractions replace it,
 * then completed from the new one.
 */
import type { ParseResult } from '../parse/jobs.js';
import { dirname } from '../resolve/paths.js';
import {
  dependentFileIds, fileIdsDefiningMethods, fileIdsImportingStems, interfaceMethodNames, nameFingerprints, subclassFileIds, type FileRecord, type GraphStore, type StoredFile,
} from '../../store/index.js';

/** What the old graph says before the new extractions replace it. */
export interface OldGraphView {
  readonly files: ReadonlySet<number>;
  readonly fingerprints: ReadonlyMap<string, string>;
}

/** The change a targeted run stores: its parse results and the files it removes, against the files stored before. */
export interface HeldChange {
  readonly held: readonly ParseResult[];
  readonly stored: ReadonlyMap<string, FileRecord>;
  readonly removedPaths: readonly string[];
}

/**
 * Files whose references may resolve differently after the held results are written, as far as
 * the OLD graph can tell: the changed and removed files, every file with a resolved edge into
 * them (importers, callers, re-exporters), and every subclass of their types, transitively.
 */
export function affectedBefore(store: GraphStore, change: HeldChange): OldGraphView {
  const oldIds = changedOldIds(change);
  return { files: filesDependingOn(store, oldIds), fingerprints: nameFingerprints(store, oldIds) };
}

/** `fileIds`, every file with a resolved edge into them, and every subclass of their types, transitively. */
export function filesDependingOn(store: GraphStore, fileIds: readonly number[]): Set<number> {
  const files = new Set<number>(fileIds);
  for (const id of dependentFileIds(store, fileIds)) files.add(id);
  for (const id of subclassFileIds(store, fileIds)) files.add(id);
  return files;
}

/**
 * Completes the affected set once the new extractions are stored: the new versions of the
 * changed files, every file referencing a name whose definitions changed, and every file whose
 * imports might now resolve to an added file or no longer to a removed one.
 */
export function affectedAfter(
  store: GraphStore, current: readonly StoredFile[], before: OldGraphView, change: HeldChange,
  referencing: (names: readonly string[]) => Set<number>,
): Set<number> {
  const paths = change.held.map((r) => r.path);
  const byPath = new Map(current.map((f) => [f.path, f.id]));
  const newIds: number[] = [];
  for (const path of paths) {
    const id = byPath.get(path);
    if (id !== undefined) newIds.push(id);
  }
  const affected = new Set<number>([...before.files, ...newIds]);
  const names = changedNames(before.fingerprints, nameFingerprints(store, newIds));
  for (const id of referencing(names)) affected.add(id);
  for (const id of structuralDependents(store, current, change, names, newIds)) affected.add(id);
  const appeared = paths.filter((p) => !change.stored.has(p));
  for (const id of fileIdsImportingStems(store, moduleStems([...appeared, ...change.removedPaths]))) affected.add(id);
  const live = new Set(current.map((f) => f.id));
  for (const id of affected) if (!live.has(id)) affected.delete(id);
  return affected;
}

/**
 * Go types are matched to interfaces by their method names (resolve/structural.ts): when a Go
 * file's change adds or removes a definition, its own package and every package defining a
 * method named like one it changed, or like a method of an interface the changed files declare,
 * have their types and methods re-resolved, since a type there may now satisfy an interface, or
 * no longer. (Those that satisfied one before have an edge into the changed file and are
 * affected anyway.) A change
 * within bodies changes no name and costs nothing here.
 */
function structuralDependents(
  store: GraphStore, current: readonly StoredFile[], change: HeldChange, names: readonly string[], newIds: readonly number[],
): number[] {
  return [...goStructuralDependents(store, current, change, names, newIds), ...classStructuralDependents(store, change, names, newIds)];
}

/** The languages whose classes are matched to TypeScript's interfaces by shape (resolve/structural-classes.ts). */
const CLASS_SHAPE_LANGUAGES = ['typescript', 'tsx', 'javascript', 'jsx'];
const CLASS_SHAPE_PATH = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * TypeScript classes are matched to interfaces by their method names too: when a TypeScript or
 * JavaScript file's change adds or removes a definition, every such file defining a method named
 * like one it changed, or like a method of an interface the changed files declare, is re-resolved.
 * (A class that matched before has an edge into the changed file, or its subclass does, and is
 * affected anyway.)
 */
function classStructuralDependents(store: GraphStore, change: HeldChange, names: readonly string[], newIds: readonly number[]): number[] {
  if (names.length === 0 || ![...change.held.map((r) => r.path), ...change.removedPaths].some((p) => CLASS_SHAPE_PATH.test(p))) return [];
  const wanted = [...new Set([...names, ...interfaceMethodNames(store, newIds)])];
  return CLASS_SHAPE_LANGUAGES.flatMap((language) => [...fileIdsDefiningMethods(store, wanted, language)]);
}

function goStructuralDependents(
  store: GraphStore, current: readonly StoredFile[], change: HeldChange, names: readonly string[], newIds: readonly number[],
): number[] {
  const goPaths = [...change.held.map((r) => r.path), ...change.removedPaths].filter((p) => p.endsWith('.go'));
  if (goPaths.length === 0 || names.length === 0) return [];
  const defining = fileIdsDefiningMethods(store, [...new Set([...names, ...interfaceMethodNames(store, newIds)])], 'go');
  // The changed files' own packages too: a type there may have lost a method it satisfied one with.
  const dirs = new Set([...goPaths.map(dirname), ...current.filter((f) => defining.has(f.id)).map((f) => dirname(f.path))]);
  return current.filter((f) => f.language === 'go' && dirs.has(dirname(f.path))).map((f) => f.id);
}

/** Names whose definitions differ between the old and the new fingerprints (new ones first). */
function changedNames(oldPrints: ReadonlyMap<string, string>, newPrints: ReadonlyMap<string, string>): string[] {
  const names: string[] = [];
  for (const [name, print] of newPrints) if (oldPrints.get(name) !== print) names.push(name);
  for (const name of oldPrints.keys()) if (!newPrints.has(name)) names.push(name);
  return names;
}

/** The old ids of the files the change rewrites (content differs or parsing failed) or removes. */
function changedOldIds({ held, stored, removedPaths }: HeldChange): number[] {
  const ids: number[] = [];
  for (const r of held) {
    const old = stored.get(r.path);
    if (old === undefined) continue;
    if (r.kind === 'ok' && r.sha256 === old.sha256) continue;
    ids.push(old.id);
  }
  for (const path of removedPaths) {
    const old = stored.get(path);
    if (old !== undefined) ids.push(old.id);
  }
  return ids;
}

/** Names an import specifier could use for `paths`: file stems, and folder names for index-like files. */
export function moduleStems(paths: readonly string[]): string[] {
  const stems = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    const base = parts[parts.length - 1] ?? '';
    const stem = base.replace(/\.[^.]+$/, '').replace(/\.d$/, '');
    stems.add(stem);
    if (['index', '__init__', 'mod', 'main', 'lib'].includes(stem) && parts.length >= 2) stems.add(parts[parts.length - 2] ?? '');
  }
  stems.delete('');
  return [...stems];
}
