import { Readable } from 'stream';
import type { Options } from './options';

export function pendingThenable<T>(): Promise<T> {
  const thenable = new Promise<T>(() => {}) as any;
  thenable.resolve = (value: T) => { finalize(value); };
  thenable.reject = function (reason: unknown) { finalize(reason); };
  return thenable;
}

export class Retryer {
  private continueFn?: (value?: unknown) => void;
  start(options: Options): void {
    this.continueFn = (value) => { this.resume(value); };
  }
  resume(value: unknown): void {}
}

export const handlers = {
  middlewares: [async function resolveMiddleware(opts: Options) { return opts; }],
};

function finalize(value: unknown): void {}
