import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX_TEMPLATE = 'deploy/nginx/templates/vintagetube.conf.template';

/** Debian's nginx and openssl, or the reason a test that needs them is skipped. */
export function missingTools(): string | null {
  for (const tool of ['nginx', 'openssl']) {
    const r = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
    if (r.status !== 0)
      return `${tool} is not installed (apt-get install nginx openssl; .ci/run installs them)`;
  }
  return null;
}

/** The `${NAME}` settings the template reads, as the official image's envsubst step sees them. */
export const templateSettings = (text = readFileSync(NGINX_TEMPLATE, 'utf8')) =>
  [...new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((m) => m[1]!))].sort();

/**
 * Renders the template like the image's envsubst: every `${NAME}` given is replaced, nginx's own `$name`
 * variables stay. A setting left out is an error here (envsubst would leave it, and nginx would fail later).
 */
export function renderTemplate(vars: Record<string, string>): string {
  const text = readFileSync(NGINX_TEMPLATE, 'utf8');
  const missing = templateSettings(text).filter((name) => vars[name] === undefined);
  if (missing.length) throw new Error(`template settings not given: ${missing.join(', ')}`);
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => vars[name]!);
}

/**
 * The main file around the template (the official image has its own; this one writes only into dir). Run
 * as root, nginx's workers would be `nobody`, who cannot read a private temp dir: they keep the test's user.
 */
export const mainConfig = (dir: string, site: string) => `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${site}
}
`;

export interface NginxResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * The template rendered into a temp dir with a fresh self-signed certificate, checked with `nginx -t`
 * (its output in `check`), then started on free loopback ports. `get` speaks HTTPS to it (POST with a body).
 */
export async function launchNginx(opts: {
  apiPort: number;
  mediaSecret: string;
  mediaRoot: string;
  staticRoot: string;
  uploadChunkMb: number;
  microcacheSeconds?: number;
  cdnInFront?: boolean;
}) {
  const dir = mkdtempSync(join(tmpdir(), 'vt-nginx-'));
  mkdirSync(join(dir, 'tmp'));
  mkdirSync(join(dir, 'cache'));
  const keygen = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'] //
      .concat(['-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
    { encoding: 'utf8' },
  );
  if (keygen.status !== 0) throw new Error(`openssl: ${keygen.stderr}`);
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const https = await freePort();
  const mediaPort = await freePort();
  const site = renderTemplate({
    SERVER_NAME: 'localhost',
    LISTEN_HTTP: `127.0.0.1:${await freePort()}`,
    LISTEN_HTTPS: `127.0.0.1:${https}`,
    TLS_CERTIFICATE: join(dir, 'cert.pem'),
    TLS_CERTIFICATE_KEY: join(dir, 'key.pem'),
    API_UPSTREAM: `127.0.0.1:${opts.apiPort}`,
    MEDIA_SECRET: opts.mediaSecret,
    MEDIA_STORE_UPSTREAM: `127.0.0.1:${mediaPort}`,
    MEDIA_STORE_PREFIX: '',
    MEDIA_FILES_LISTEN: `127.0.0.1:${mediaPort}`,
    MEDIA_ROOT: opts.mediaRoot,
    STATIC_ROOT: opts.staticRoot,
    CACHE_DIR: join(dir, 'cache'),
    MICROCACHE_SECONDS: String(opts.microcacheSeconds ?? 30),
    UPLOAD_BODY_MAX: `${opts.uploadChunkMb + 1}m`,
    CDN_IN_FRONT: opts.cdnInFront ? '1' : '0',
  });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, mainConfig(dir, site));
  const check = spawnSync('nginx', ['-t', '-e', 'stderr', '-p', dir, '-c', conf], { encoding: 'utf8' });

  const get = (path: string, headers: Record<string, string> = {}, body?: Buffer) =>
    new Promise<NginxResponse>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: https,
          path,
          servername: 'localhost',
          ca: cert,
          headers,
          method: body ? 'POST' : 'GET',
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  let proc: ChildProcess | null = null;
  return {
    dir,
    check,
    get,
    async start() {
      proc = spawn('nginx', ['-e', 'stderr', '-p', dir, '-c', conf], { stdio: 'inherit' });
      const deadline = Date.now() + 10_000;
      // Ready when it answers; give up with nginx's own message on stderr.
      while (
        !(await get('/nginx-health').then(
          () => true,
          () => false,
        ))
      ) {
        if (Date.now() > deadline || proc.exitCode !== null) throw new Error('nginx did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (proc?.pid && proc.exitCode === null) {
        const exited = new Promise((resolve) => proc!.once('exit', resolve));
        process.kill(proc.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
