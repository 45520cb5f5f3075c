/**
 * The shapes of the view's JSON answers that the server builds and the page reads (docs/view.md):
 * types only, so the page, compiled for the browser on its own, shares them with the server.
 */
/** The relations the map draws. */
export const MAP_LINK_KINDS = ['imports', 'calls'] as const;

/** One of `MAP_LINK_KINDS`. */
export type MapLinkKind = (typeof MAP_LINK_KINDS)[number];

/** A box of the map: an open or collapsed folder, or a file. */
export interface MapNode {
  /** The path ('' for the root). */
  readonly id: string;
  readonly kind: 'folder' | 'file';
  readonly name: string;
  /** The containing folder's id; null for the root. */
  readonly parent: string | null;
  /** Symbols in it (for a folder: in every file below it). */
  readonly symbols: number;
  /** Files in it (1 for a file). */
  readonly files: number;
  /** A folder whose children are listed. */
  readonly open: boolean;
  /** A file on an import cycle, or a collapsed folder holding one. */
  readonly inCycle: boolean;
  readonly language?: string;
  readonly isTest?: boolean;
}

/** An arrow between two visible boxes: `count` edges of `kind`, `cycle` when an import cycle runs along it. */
export interface MapLink {
  readonly from: string;
  readonly to: string;
  readonly kind: MapLinkKind;
  readonly count: number;
  readonly cycle: boolean;
}

/** What `/view/api/map` answers. */
export interface MapView {
  readonly totalFiles: number;
  readonly totalSymbols: number;
  /** Whether folders start collapsed (more files than `COLLAPSE_THRESHOLD`). */
  readonly collapsed: boolean;
  /** Folders before their children, each level by name. */
  readonly nodes: readonly MapNode[];
  readonly links: readonly MapLink[];
  readonly cycles: readonly (readonly string[])[];
  readonly cyclesTotal: number;
}

/** A symbol and where it is defined, as the view's answers name one. */
export interface SymbolPlace {
  readonly id: number;
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly path: string;
  readonly line: number;
}

/** A node of the neighbourhood. `side` says whether it reaches the centre (`in`) or the centre reaches it (`out`). */
export interface HoodNode extends SymbolPlace {
  readonly endLine: number;
  readonly side: 'center' | 'in' | 'out';
  readonly depth: number;
  /** Neighbours on its side that were not kept. */
  readonly hidden: number;
}

/** An edge as stored: `from` uses `to`. */
export interface HoodEdge {
  readonly from: number;
  readonly to: number;
  readonly relation: string;
}
