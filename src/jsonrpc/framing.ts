/**
 * Newline framing for a byte stream: one UTF-8 JSON text per `\n`-terminated line.
 * Works on bytes, not strings, so a multi-byte character split across chunks is decoded whole,
 * and so the line cap is a byte count that bounds memory regardless of content.
 */

/** The default cap on one line's size in bytes (16 MiB). */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/** One framing event: a decoded line, or a line that exceeded the cap and was dropped. */
export type FramedLine =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'oversize'; readonly bytes: number };

/** Options for `LineDecoder`. */
export interface LineDecoderOptions {
  /** Largest accepted line in bytes, counted without its `\n`. */
  readonly maxLineBytes?: number;
}

const LF = 0x0a;
const CR = 0x0d;
// Capacity the partial-line buffer starts at and shrinks back to after a large line, so one huge
// message does not pin its buffer for the life of the process.
const BASE_CAPACITY = 64 * 1024;

/**
 * Splits pushed byte chunks into lines. Returns, in input order, every complete line that is not
 * blank or whitespace-only (with one trailing `\r` removed and invalid UTF-8 replaced by U+FFFD),
 * and one `oversize` event per line longer than `maxLineBytes`. Buffered memory never exceeds the
 * cap: the rest of an over-long line is skipped, not stored.
 */
export class LineDecoder {
  /** The cap in force, in bytes. */
  readonly maxLineBytes: number;
  // The partial line carried between pushes lives in one buffer grown by doubling, so many tiny
  // chunks cost amortized O(n) rather than repeated concatenation.
  #buffer: Uint8Array = new Uint8Array(0);
  #length = 0;
  // Bytes seen of the current line, including any skipped once it went over the cap.
  #lineBytes = 0;
  #discarding = false;
  readonly #decoder = new TextDecoder('utf-8');

  constructor(options: LineDecoderOptions = {}) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new RangeError(`maxLineBytes must be a positive integer, got ${String(max)}`);
    }
    this.maxLineBytes = max;
  }

  /** Bytes of the unfinished line currently held in memory; never more than `maxLineBytes`. */
  get bufferedBytes(): number {
    return this.#length;
  }

  /** Feeds one chunk; returns the events for every line the chunk completes. */
  push(chunk: Uint8Array): FramedLine[] {
    const out: FramedLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        this.#append(chunk.subarray(start));
        break;
      }
      const piece = chunk.subarray(start, newline);
      if (this.#lineBytes === 0) {
        // Fast path: the whole line is inside this chunk, decode it in place without copying.
        this.#emit(piece, piece.length, out);
      } else {
        this.#append(piece);
        this.#finishLine(out);
      }
      start = newline + 1;
    }
    return out;
  }

  /** Flushes a final line that had no `\n` (end of input) and resets the decoder. */
  end(): FramedLine[] {
    const out: FramedLine[] = [];
    if (this.#lineBytes > 0) this.#finishLine(out);
    return out;
  }

  #append(bytes: Uint8Array): void {
    this.#lineBytes += bytes.length;
    if (this.#discarding) return;
    const needed = this.#length + bytes.length;
    if (needed > this.maxLineBytes) {
      this.#discarding = true;
      this.#release();
      return;
    }
    if (needed > this.#buffer.length) {
      let capacity = Math.max(this.#buffer.length, BASE_CAPACITY);
      while (capacity < needed) capacity *= 2;
      const grown = new Uint8Array(Math.min(capacity, this.maxLineBytes));
      grown.set(this.#buffer.subarray(0, this.#length));
      this.#buffer = grown;
    }
    this.#buffer.set(bytes, this.#length);
    this.#length = needed;
  }

  #finishLine(out: FramedLine[]): void {
    if (this.#discarding) {
      out.push({ kind: 'oversize', bytes: this.#lineBytes });
    } else {
      this.#emit(this.#buffer.subarray(0, this.#length), this.#lineBytes, out);
    }
    this.#lineBytes = 0;
    this.#discarding = false;
    this.#length = 0;
    if (this.#buffer.length > BASE_CAPACITY) this.#release();
  }

  #emit(line: Uint8Array, lineBytes: number, out: FramedLine[]): void {
    if (lineBytes > this.maxLineBytes) {
      out.push({ kind: 'oversize', bytes: lineBytes });
      return;
    }
    const body = line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line;
    const text = this.#decoder.decode(body);
    if (text.trim() !== '') out.push({ kind: 'line', text });
  }

  #release(): void {
    this.#buffer = new Uint8Array(0);
    this.#length = 0;
  }
}
