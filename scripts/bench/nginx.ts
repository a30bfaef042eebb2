import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** nginx with one worker serving one file: the reference for "the same bytes as a static file". */
export function startNginx(dir: string, port: number, file: string, body: Buffer): ChildProcess {
  mkdirSync(join(dir, 'root'), { recursive: true });
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  writeFileSync(join(dir, 'root', file), body);
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
  types { application/json json; }
  server {
    listen 127.0.0.1:${port};
    root ${dir}/root;
    location / { add_header Cache-Control "public, max-age=86400"; etag on; }
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  return spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
}
