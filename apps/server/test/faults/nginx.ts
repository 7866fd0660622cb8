import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where nginx is (Debian's nginx-light: /usr/sbin/nginx), or null. */
export function findNginx(): string | null {
  for (const path of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (path && existsSync(path)) return path;
  }
  return null;
}

/**
 * The upstream and proxy settings docs/operations.md recommends in front of several instances,
 * for `upstreams` on loopback. Kept-alive upstream connections are reused (no queue of fresh
 * connections for a closing listener to reset) and nginx closes its idle ones after 4 s, before
 * a stopping app would (6 s); a refused connection (an instance that stopped listening) is tried
 * on the next one.
 */
export function nginxConfig(options: { dir: string; listenPort: number; upstreams: number[] }) {
  const { dir, listenPort, upstreams } = options;
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream smena {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')}
    keepalive 32;
    keepalive_timeout 4s;
  }

  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 10m;
    location / {
      proxy_pass http://smena;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

/** nginx in the foreground, in its own temporary directory; stopped by its PID. */
export class NginxProcess {
  private child: ChildProcess | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'smena-nginx-'));
  readonly baseUrl: string;

  constructor(
    private readonly bin: string,
    readonly port: number,
    upstreams: number[],
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    // Workers run as `nobody` under root: they must reach the temporary paths.
    chmodSync(this.dir, 0o777);
    writeFileSync(
      join(this.dir, 'nginx.conf'),
      nginxConfig({ dir: this.dir, listenPort: port, upstreams }),
    );
  }

  async start(): Promise<void> {
    const conf = join(this.dir, 'nginx.conf');
    await run(this.bin, ['-t', '-c', conf, '-p', this.dir]);
    this.child = spawn(this.bin, ['-c', conf, '-p', this.dir], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`${this.baseUrl}/`, { signal: AbortSignal.timeout(500) });
        return;
      } catch {
        await new Promise((done) => setTimeout(done, 100));
      }
    }
    throw new Error('nginx did not start');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
