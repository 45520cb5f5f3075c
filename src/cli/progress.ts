import type { IndexProgress } from '../index/sync/index.js';

/** Where progress goes: stderr, as a redrawn bar on a terminal or periodic lines otherwise. */
export interface ProgressSink {
  readonly update: (progress: IndexProgress) => void;
  readonly done: () => void;
}

const PLAIN_INTERVAL_MS = 2_000;
const BAR_WIDTH = 24;

/** A progress display for `stream`; silent when `quiet`. */
export function progressSink(stream: NodeJS.WriteStream, quiet: boolean, now: () => number = () => performance.now()): ProgressSink {
  if (quiet) return { update: () => {}, done: () => {} };
  const started = now();
  let lastDraw = -Infinity;
  let lastPhase = '';
  let drawn = false;
  const tty = stream.isTTY === true;
  const render = (p: IndexProgress): string => {
    if (p.phase !== 'parsing' || p.total === 0) return `${p.phase}…`;
    const elapsed = (now() - started) / 1000;
    const rate = elapsed > 0 ? p.done / elapsed : 0;
    const eta = rate > 0 ? (p.total - p.done) / rate : 0;
    const filled = Math.round((p.done / p.total) * BAR_WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    return `parsing ${bar} ${p.done}/${p.total} files · ${p.symbols} symbols · ${rate.toFixed(0)} files/s · ETA ${eta.toFixed(0)}s`;
  };
  return {
    update: (p) => {
      const t = now();
      const phaseChanged = p.phase !== lastPhase;
      const interval = tty ? 100 : PLAIN_INTERVAL_MS;
      if (!phaseChanged && t - lastDraw < interval && p.done !== p.total) return;
      lastDraw = t;
      lastPhase = p.phase;
      if (tty) {
        stream.write(`\r\x1b[2K${render(p)}`);
        drawn = true;
      } else if (phaseChanged || p.phase === 'parsing') {
        stream.write(`codegraph: ${render(p)}\n`);
      }
    },
    done: () => {
      if (tty && drawn) stream.write('\r\x1b[2K');
    },
  };
}
