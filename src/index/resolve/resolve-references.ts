import type { ResolutionMethod } from '../../model.js';
import { RESOLUTION_METHODS } from '../../model.js';
import type { ResolveContext, StepOutcome } from './context.js';
import { FileScope } from './file-scope.js';
import { ImportTable } from './import-table.js';
import { targetFilter } from './kinds.js';
import { inheritingOwner } from './members.js';
import { pickOverload } from './overloads.js';
import { overrideEdges } from './overrides.js';
import { structuralEdges } from './structural.js';
import { classStructuralEdges } from './structural-classes.js';
import { ProjectIndex } from './project-index.js';
import { ReceiverCache } from './receivers.js';
import { importStep } from './steps/import-step.js';
import { nameStep } from './steps/name-step.js';
import { qualifiedStep } from './steps/qualified-step.js';
import { receiverStep } from './steps/receiver-step.js';
import { CallResults } from './steps/result-step.js';
import { sameFileStep } from './steps/same-file-step.js';
import { EdgeTable, RefTable } from '../../store/columnar.js';
import type {
  BaseLinks, BaseLinksByFile, LanguageStats, MethodCounts, RefList, ResolveInput, ResolveOptions, ResolveResult, ResolveStats, ResolverRef, ResolverSymbol,
} from './types.js';

/** Default for `ResolveOptions.maxCandidates`. */
export const DEFAULT_MAX_CANDIDATES = 8;

/** Confidence of a file-level `imports` edge. */
const IMPORT_EDGE_CONFIDENCE = 0.95;

function methodCounts(): MethodCounts {
  const counts = {} as MethodCounts;
  for (const m of RESOLUTION_METHODS) counts[m] = 0;
  return counts;
}

function isInheritance(ref: ResolverRef): boolean {
  return ref.kind === 'extends' || ref.kind === 'implements';
}

/**
 * One `imports` edge per (file, target file), in file order then statement order. An import that
 * names a whole package spread over several files (`import java.util.*`, a Go package) links only
 * to the files whose symbols the importing file actually uses: otherwise one wildcard would tie a
 * file to hundreds of others and drown the dependency graph (and cycle detection) in noise.
 */
function importEdges(
  edges: EdgeTable, project: ProjectIndex, imports: ImportTable, emitFiles: ReadonlySet<number> | undefined,
  used: ReadonlyMap<number, ReadonlySet<number>>,
): void {
  for (const file of project.files) {
    if (project.position(file.id) === undefined) continue;
    if (emitFiles !== undefined && !emitFiles.has(file.id)) continue;
    const done = new Set<number>([file.id]);
    const usedHere = used.get(file.id);
    for (const imp of imports.of(file.id)) {
      const wide = imp.files.length > 1;
      for (const target of imp.files) {
        if (done.has(target)) continue;
        if (wide && usedHere?.has(target) !== true) continue;
        done.add(target);
        const nodeId = project.file(target)?.nodeId;
        if (nodeId === undefined) continue;
        edges.push({
          source: file.nodeId, target: nodeId, kind: 'imports', line: imp.line, col: 0,
          confidence: IMPORT_EDGE_CONFIDENCE, method: 'import',
        });
      }
    }
  }
}

/**
 * Reference indexes grouped by file in file order (stable inside a file; unknown files dropped),
 * and where each file's group starts: file position `p` owns `order[starts[p]]` to `order[starts[p + 1] - 1]`.
 */
function groupByFile(project: ProjectIndex, refs: RefList): { order: Uint32Array; starts: Uint32Array } {
  const starts = new Uint32Array(project.files.length + 1);
  const positions = new Int32Array(refs.length);
  for (let i = 0; i < refs.length; i++) {
    const pos = project.position(fileIdAt(refs, i)) ?? -1;
    positions[i] = pos;
    if (pos >= 0) starts[pos + 1]! += 1;
  }
  for (let p = 1; p < starts.length; p++) starts[p]! += starts[p - 1]!;
  const next = starts.slice();
  const order = new Uint32Array(starts[starts.length - 1] ?? 0);
  for (let i = 0; i < refs.length; i++) {
    const pos = positions[i]!;
    if (pos >= 0) order[next[pos]!++] = i;
  }
  return { order, starts };
}

function fileIdAt(refs: RefList, i: number): number {
  return refs instanceof RefTable ? refs.fileIdAt(i) : (refs.at(i) as ResolverRef).fileId;
}

/**
 * What resolution decided for each reference, one slot per reference instead of one object: the
 * bound target's id (0 when unbound), the method and confidence, or why it stayed unbound.
 */
class Outcomes {
  readonly target: Int32Array;
  readonly confidence: Float64Array;
  /** `RESOLUTION_METHODS` index when bound; otherwise one of the `UNBOUND_*` codes. */
  readonly code: Uint8Array;

  constructor(length: number) {
    this.target = new Int32Array(length);
    this.confidence = new Float64Array(length);
    this.code = new Uint8Array(length).fill(UNBOUND_NONE);
  }

  set(i: number, outcome: StepOutcome | undefined): void {
    if (outcome === undefined) return;
    if (outcome.kind === 'bound') {
      this.target[i] = outcome.target.id;
      this.confidence[i] = outcome.confidence;
      this.code[i] = RESOLUTION_METHODS.indexOf(outcome.method);
    } else {
      this.code[i] = outcome.kind === 'external' ? UNBOUND_EXTERNAL : outcome.kind === 'ambiguous' ? UNBOUND_AMBIGUOUS : UNBOUND_CLAIMED;
    }
  }

  isBound(i: number): boolean {
    return (this.code[i] as number) < RESOLUTION_METHODS.length;
  }
}

const UNBOUND_NONE = 255;
const UNBOUND_EXTERNAL = 254;
const UNBOUND_AMBIGUOUS = 253;
const UNBOUND_CLAIMED = 252;

function addBase(ctx: ResolveContext, owner: number, base: ResolverSymbol): void {
  const list = ctx.bases.get(owner);
  if (list === undefined) ctx.bases.set(owner, [base]);
  else list.push(base);
}

/** The base of a link whose inheritance reference bound nothing (`ResolveContext.openBases`). */
const OPEN_BASE = -1;

/** Adds one file's links found by an earlier run (a base that is no longer defined is skipped). */
function addKnownBases(ctx: ResolveContext, links: BaseLinks | undefined): void {
  if (links === undefined) return;
  for (const [owner, baseId] of links) {
    if (baseId === OPEN_BASE) {
      ctx.openBases.add(owner);
      continue;
    }
    const base = ctx.project.symbol(baseId);
    if (base !== undefined) addBase(ctx, owner, base);
  }
}

function resolveOne(ctx: ResolveContext, scope: FileScope, ref: ResolverRef, receivers: ReceiverCache, results: CallResults): StepOutcome | undefined {
  const receiver = ref.receiver === undefined || ref.receiver === '' ? undefined : receivers.get(ref.receiver);
  const filter = targetFilter(ref.kind, false);
  const outcome = results.step(scope, ref, receiver, filter)
    ?? importStep(ctx, scope, ref, receiver, filter)
    ?? qualifiedStep(ctx, scope, ref, receiver, filter)
    ?? receiverStep(ctx, scope, ref, receiver, filter)
    ?? sameFileStep(ctx, scope, ref, receiver, filter)
    ?? nameStep(ctx, scope, ref, receiver);
  if (outcome?.kind !== 'bound' || ref.args === undefined) return outcome;
  // Every step finds a name; among same-scope overloads the argument count decides.
  const target = pickOverload(ctx.project, outcome.target, ref.args);
  return target === outcome.target ? outcome : { ...outcome, target };
}

/** What binding every reference found. */
interface Bindings {
  readonly outcomes: Outcomes;
  /** Files each file's bound references land in: wide imports link only to these. */
  readonly used: Map<number, Set<number>>;
  /** The base-class links found, by the file of the inheritance reference. */
  readonly bases: Map<number, [number, number][]>;
}

/**
 * Binds every reference, inheritance first, file by file: `self.x()` needs every class's
 * resolved bases. A file none of whose references are here takes its links from `known`, in the
 * same place of the order.
 */
function bindAll(ctx: ResolveContext, refs: RefList, known: BaseLinksByFile | undefined): Bindings {
  const { project } = ctx;
  const outcomes = new Outcomes(refs.length);
  const { order, starts } = groupByFile(project, refs);
  const receivers = new ReceiverCache();
  const results: CallResults = new CallResults(ctx, receivers, (scope, ref) => resolveOne(ctx, scope, ref, receivers, results));
  const used = new Map<number, Set<number>>();
  const bases = new Map<number, [number, number][]>();
  for (const inheritance of [true, false]) {
    for (let pos = 0; pos < project.files.length; pos++) {
      const start = starts[pos]!;
      const end = starts[pos + 1]!;
      if (start === end) {
        if (inheritance && known !== undefined) addKnownBases(ctx, known.get(project.files[pos]!.id));
        continue;
      }
      let scope: FileScope | undefined;
      for (let k = start; k < end; k++) {
        const index = order[k]!;
        const ref = refs.at(index) as ResolverRef;
        if (isInheritance(ref) !== inheritance) continue;
        scope ??= new FileScope(ctx, ref.fileId);
        const outcome = resolveOne(ctx, scope, ref, receivers, results);
        outcomes.set(index, outcome);
        if (outcome?.kind !== 'bound') {
          if (inheritance) openBase(ctx, bases, ref);
          continue;
        }
        let set = used.get(ref.fileId);
        if (set === undefined) used.set(ref.fileId, (set = new Set<number>()));
        set.add(outcome.target.fileId);
        if (inheritance) {
          const owner = inheritingOwner(ctx, ref.fromId);
          if (owner !== undefined && owner.id !== outcome.target.id) {
            addBase(ctx, owner.id, outcome.target);
            addLink(bases, ref.fileId, owner.id, outcome.target.id);
          } else if (owner !== undefined) {
            // Named like its embedder (`type Conn interface { net.Conn }`): the base is another's.
            openBase(ctx, bases, ref);
          }
        }
      }
    }
  }
  return { outcomes, used, bases };
}

/** Notes that the owner of an inheritance reference that bound nothing has a base from outside. */
function openBase(ctx: ResolveContext, bases: Map<number, [number, number][]>, ref: ResolverRef): void {
  const owner = inheritingOwner(ctx, ref.fromId);
  if (owner === undefined || ctx.openBases.has(owner.id)) return;
  ctx.openBases.add(owner.id);
  addLink(bases, ref.fileId, owner.id, OPEN_BASE);
}

/** Records a base link found in `fileId`, for a later run to take (`knownBases`). */
function addLink(bases: Map<number, [number, number][]>, fileId: number, owner: number, base: number): void {
  const links = bases.get(fileId);
  if (links === undefined) bases.set(fileId, [[owner, base]]);
  else links.push([owner, base]);
}

/**
 * Turns references into edges, strongest evidence first: the type a receiver's call returns,
 * the file's imports (following re-exports), qualified names, `self`/`this` receivers, the same file, then the exact name ranked
 * by proximity. Each edge carries a confidence and the method that bound it; references that stay
 * unbound are returned by index, never guessed. Plain data in and out, deterministic: the same
 * input gives the same edges in the same order.
 */
export function resolveReferences(input: ResolveInput, options: ResolveOptions = {}): ResolveResult {
  const project = input.project !== undefined ? input.project : new ProjectIndex(input.files, input.symbols, options.maxFileTables);
  const imports = new ImportTable(project);
  const ctx: ResolveContext = {
    project, imports, maxCandidates: options.maxCandidates ?? DEFAULT_MAX_CANDIDATES, bases: new Map(), openBases: new Set(),
  };
  const { refs } = input;
  const { outcomes, used, bases } = bindAll(ctx, refs, options.knownBases);

  const emitFiles = options.emitFiles;
  const edges = new EdgeTable();
  importEdges(edges, project, imports, emitFiles, used);
  const stats: ResolveStats = {
    refs: refs.length, resolved: 0, unresolved: 0, external: 0, ambiguous: 0,
    importEdges: edges.length, byMethod: methodCounts(), byLanguage: {},
  };
  for (const file of project.files) {
    stats.byLanguage[file.language] ??= { refs: 0, resolved: 0, unresolved: 0, byMethod: methodCounts() };
  }
  const unresolved: number[] = [];
  for (let i = 0; i < refs.length; i++) {
    const ref = refs.at(i) as ResolverRef;
    if (emitFiles !== undefined && !emitFiles.has(ref.fileId)) continue;
    const language = project.file(ref.fileId)?.language;
    const lang: LanguageStats | undefined = language === undefined ? undefined : stats.byLanguage[language];
    if (lang !== undefined) lang.refs++;
    if (outcomes.isBound(i)) {
      const method = RESOLUTION_METHODS[outcomes.code[i] as number] as ResolutionMethod;
      edges.push({
        source: ref.fromId, target: outcomes.target[i] as number, kind: ref.kind, line: ref.line, col: ref.col,
        confidence: outcomes.confidence[i] as number, method,
      });
      stats.resolved++;
      stats.byMethod[method]++;
      if (lang !== undefined) {
        lang.resolved++;
        lang.byMethod[method]++;
      }
      continue;
    }
    unresolved.push(i);
    stats.unresolved++;
    if (lang !== undefined) lang.unresolved++;
    const code = outcomes.code[i];
    if (code === UNBOUND_EXTERNAL) stats.external++;
    else if (code === UNBOUND_AMBIGUOUS) stats.ambiguous++;
  }
  overrideEdges(ctx, edges, emitFiles);
  structuralEdges(ctx, edges, emitFiles);
  classStructuralEdges(ctx, edges, emitFiles);
  return { edges, unresolved, stats, bases };
}
