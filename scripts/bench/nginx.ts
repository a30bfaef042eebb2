import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** nginx with one worker, as a non-root process with everything under `dir`, with `http` in its http block. */
function runNginx(dir: string, http: string): ChildProcess {
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
${http}
}`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  return spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
}

/** nginx with one worker serving one file: the reference for "the same bytes as a static file". */
export function startNginx(dir: string, port: number, file: string, body: Buffer): ChildProcess {
  mkdirSync(join(dir, 'root'), { recursive: true });
  writeFileSync(join(dir, 'root', file), body);
  return runNginx(
    dir,
    `  types { application/json json; }
  server {
    listen 127.0.0.1:${port};
    root ${dir}/root;
    location / { add_header Cache-Control "public, max-age=86400"; etag on; }
  }`,
  );
}

/**
 * nginx with one worker in front of API nodes, as deploy/nginx/templates/vintagetube.conf.template proxies
 * `/api/` (an upstream with keepalive, HTTP/1.1, nothing cached by nginx): one listener per entry of
 * `listeners`, port → the API ports of its upstream.
 */
export function startNginxProxy(dir: string, listeners: Record<number, number[]>): ChildProcess {
  const blocks = Object.entries(listeners).map(
    ([port, apis]) => `  upstream api_${port} {
${apis.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    location /api/ { proxy_pass http://api_${port}; }
  }`,
  );
  return runNginx(dir, blocks.join('\n'));
}
