import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { TestApp } from './seeded-store';

/**
 * Real node:http servers on loopback for tests that need a socket (raw bytes, large answers,
 * forged headers): `listen(app)` gives a port, `closeAll()` ends every server it started.
 */
export function createListeners() {
  const servers: Server[] = [];
  return {
    async listen(app: TestApp): Promise<number> {
      const server = createServer(getRequestListener(app.fetch));
      servers.push(server);
      await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
      return (server.address() as AddressInfo).port;
    },
    async closeAll(): Promise<void> {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
      servers.length = 0;
    },
  };
}
