/**
 * A real caching proxy in front of app processes (issue 15, decision 0022): Debian's nginx with
 * `proxy_cache`, keeping visitors' public reads as their `Cache-Control` says (s-maxage) and
 * revalidating them with their ETags, and sending every request that carries a session or the
 * read-your-writes cookie straight to the app, as the decision tells operators to configure it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const NGINX = '/usr/sbin/nginx';

export interface CachingProxy {
  url: string;
  stop(): Promise<void>;
}

/** Why the proxy cannot run here, or undefined when it can. */
export function cachingProxyUnavailable(): string | undefined {
  return existsSync(NGINX) ? undefined : `no ${NGINX} (Debian package nginx)`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForPort(port: number, exited: Promise<unknown>): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  for (let attempt = 0; attempt < 100 && !hasExited; attempt += 1) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on port ${port}`);
}

function configuration(folder: string, port: number, upstreams: string[]): string {
  const servers = upstreams.map((upstream) => `server ${new URL(upstream).host};`).join(' ');
  return `daemon off;
worker_processes 2;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/client-body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  proxy_cache_path ${folder}/cache keys_zone=bazaar:10m max_size=256m inactive=10m use_temp_path=off;
  upstream bazaar { ${servers} keepalive 32; }
  # A session (bazaar.session_token, __Secure-bazaar.…) or read-your-writes (bazaar_lsn) cookie.
  map $http_cookie $is_personal { default 0; "~(^|[; ])(__Secure-)?bazaar[._]" 1; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://bazaar;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_cache bazaar;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      # Stale while revalidating, as the app's CDN-Cache-Control asks (nginx does not read that field).
      proxy_cache_use_stale updating;
      proxy_cache_background_update on;
      proxy_cache_bypass $is_personal $http_authorization;
      proxy_no_cache $is_personal $http_authorization;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

/** Starts nginx on a free loopback port, balancing over `upstreams` (base URLs of app processes). */
export async function startCachingProxy(upstreams: string[]): Promise<CachingProxy> {
  const folder = await mkdtemp(path.join(tmpdir(), 'bazaar-nginx-'));
  // nginx's workers run as `nobody` when started as root: they write the cache here.
  await chmod(folder, 0o777);
  const port = await freePort();
  const configFile = path.join(folder, 'nginx.conf');
  await writeFile(configFile, configuration(folder, port, upstreams));
  const child = spawn(NGINX, ['-c', configFile, '-p', folder], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForPort(port, exited);
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      // SIGTERM: nginx's fast shutdown.
      child.kill('SIGTERM');
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
