/**
 * What holds at each place of a file, for a walk that meets the file in document order: a value
 * given to a range (a block's, a closure's) holds inside it until the walk has passed its end.
 * Kept top down, a place's value costs nothing per range around it, where climbing the tree from
 * each node costs a step per level, each step itself as long as the node is deep (routes nested
 * 2,000 deep took seconds to minutes so).
 */
export class EnclosingValues<T> {
  private readonly open: { readonly start: number; readonly end: number; readonly value: T }[] = [];

  constructor(private readonly outside: T) {}

  /** The value of the innermost range holding `offset`, else the one outside every range; offsets must not go back. */
  at(offset: number): T {
    const open = this.open;
    while (open.length > 0 && open[open.length - 1]!.end <= offset) open.pop();
    // A range given by the node at `offset` itself (a call's block) starts after it.
    for (let i = open.length - 1; i >= 0; i--) if (open[i]!.start <= offset) return open[i]!.value;
    return this.outside;
  }

  /** Gives `value` to [start, end), which lies within the range holding `start`. */
  give(start: number, end: number, value: T): void {
    this.open.push({ start, end, value });
  }
}
