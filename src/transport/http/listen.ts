/** Listening on an HTTP address, for the MCP endpoint's server and the view's alike. */
import type { Server } from 'node:http';
import type { HttpAddress } from './address.js';

/** Starts `server` listening on `address`; rejects with the system error (EADDRINUSE …) when it cannot. */
export function listen(server: Server, address: HttpAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen({ host: address.host, port: address.port, exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** The address `server` listens on: the one asked for, with the port the system chose for port 0. */
export function boundAddress(server: Server, asked: HttpAddress): HttpAddress {
  const bound = server.address();
  return bound !== null && typeof bound === 'object' ? { host: asked.host, port: bound.port } : asked;
}
