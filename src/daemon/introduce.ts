/**
 * The first exchange on every daemon connection: this process says who it is, and the daemon
 * proves it serves the project (`daemon-proof.ts`) before anything it says is trusted.
 */
import { VERSION } from '../version.js';
import type { DaemonClient } from './client.js';
import { ControlMethod, type DaemonStatus, type HelloParams } from './control.js';
import { newNonce, provesDaemon } from './daemon-proof.js';
import { UntrustedSocketError } from './socket-trust.js';

/**
 * How long a daemon may take to answer `hello`. A daemon answers at once unless a long synchronous
 * step holds its thread (a full rebuild's save on a large index: seconds); past this, the caller
 * serves without it rather than hang on a listener that never speaks.
 */
export const HELLO_TIMEOUT_MS = 10_000;

/**
 * Sends `hello` with a fresh nonce and returns the daemon's status once its proof holds. A daemon
 * of another version may predate proofs: its status is returned unproven, and callers only ever
 * ask such a daemon to stop. Throws `UntrustedSocketError` for anything else that cannot prove.
 */
export async function introduce(client: DaemonClient, root: string, params: Omit<HelloParams, 'nonce'>): Promise<DaemonStatus> {
  const nonce = newNonce();
  const answer: unknown = await withDeadline(client.request(ControlMethod.hello, { ...params, nonce }), HELLO_TIMEOUT_MS, `no answer to hello on the daemon socket of ${root} within ${HELLO_TIMEOUT_MS} ms`);
  const status = answer !== null && typeof answer === 'object' ? (answer as DaemonStatus) : undefined;
  if (status !== undefined && typeof status.version === 'string' && status.version !== VERSION) return status;
  if (status === undefined || !provesDaemon(root, nonce, status.proof)) {
    throw new UntrustedSocketError(`the process listening for ${root} could not prove it is that project's codegraph daemon; not using it (\`codegraph daemon stop\` ends a real one)`);
  }
  return status;
}

function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
