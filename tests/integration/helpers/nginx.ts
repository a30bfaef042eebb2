import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
