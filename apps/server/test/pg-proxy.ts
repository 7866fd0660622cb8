import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that the test can cut (connections refused, open sockets
 * reset), black-hole (connections accepted, nothing forwarded) and restore on the same port.
 */
export class PgProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private mode: 'forward' | 'blackhole' = 'forward';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<void> {
    const server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.mode === 'blackhole') return;
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private dropConnections(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  /** The database goes away: new connections are refused, open ones are reset. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.dropConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The database host stops answering: connections open but never get a byte back. */
  async blackhole(): Promise<void> {
    this.dropConnections();
    this.mode = 'blackhole';
    if (!this.server) await this.listen();
  }

  async restore(): Promise<void> {
    this.dropConnections();
    this.mode = 'forward';
    if (!this.server) await this.listen();
  }
}

/**
 * Opens a second pool on the same database through a new proxy (PostgreSQL only): the app built
 * on it can lose its database while the test keeps its own connection.
 */
export async function proxiedDatabaseUrl(
  connectionString: string,
): Promise<{ proxy: PgProxy; url: string }> {
  const url = new URL(connectionString);
  const proxy = new PgProxy({ host: url.hostname, port: Number(url.port || 5432) });
  await proxy.listen();
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}
