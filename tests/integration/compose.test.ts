import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '../../apps/api/src/config';
import { templateSettings } from './helpers/nginx';

/** No Docker engine here: the compose file is checked against the compose-spec schema (dclint) and the code. */
const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      command?: string[];
      environment?: Record<string, string>;
      image?: string;
      healthcheck?: unknown;
      depends_on?: Record<string, { condition: string }>;
      volumes?: string[];
      build?: { context: string; target: string };
    }
  >;
  volumes: Record<string, unknown>;
};
const ENV_KEYS = new Set(Object.keys(EnvSchema.shape));

const dclint = (file: string) => {
  const r = spawnSync('npx', ['dclint', file], { encoding: 'utf8' });
  expect(r.stdout + r.stderr).not.toMatch(/\d+:\d+\s+(error|warning)/);
  expect(r.status).toBe(0);
};

describe('docker-compose.yml', () => {
  it('passes dclint (the compose-spec schema and its rules)', () => dclint('docker-compose.yml'));

  it('runs api, a scalable worker and a pinned meilisearch, with healthchecks, named volumes and conditions', () => {
    const { api, worker, meilisearch } = compose.services;
    expect(api && worker && meilisearch).toBeTruthy();
    expect(meilisearch.image).toMatch(/^getmeili\/meilisearch:v\d+\.\d+\.\d+$/);
    for (const s of [api, worker, meilisearch]) expect(s.healthcheck).toBeTruthy();
    // Scalable: no fixed name or host port on the worker.
    expect(worker).not.toHaveProperty('container_name');
    expect(worker).not.toHaveProperty('ports');
    expect(worker.depends_on).toEqual({
      api: { condition: 'service_healthy' },
      meilisearch: { condition: 'service_healthy' },
    });
    expect(api.depends_on?.meilisearch.condition).toBe('service_healthy');
    expect(Object.keys(compose.volumes).sort()).toEqual(['data', 'media', 'meili']);
    for (const s of [api, worker]) expect(s.volumes).toEqual(['data:/data', 'media:/media']);
    expect(meilisearch.environment?.MEILI_MASTER_KEY).toContain('MEILI_MASTER_KEY');
  });

  it("matches what the code reads: each command's entry file and npm script, and every env key", () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    const { api, worker } = compose.services;
    expect(api.command).toEqual(['npx', 'tsx', 'apps/api/src/main.ts']);
    expect(worker.command).toEqual(['npx', 'tsx', 'apps/api/src/worker-main.ts']);
    expect(scripts.worker).toBe('tsx apps/api/src/worker-main.ts');
    for (const s of [api, worker]) {
      expect(existsSync(s.command![2])).toBe(true);
      for (const key of Object.keys(s.environment ?? {})) expect(ENV_KEYS.has(key), key).toBe(true);
      expect(s.environment?.MEILI_HOST).toBe('http://meilisearch:7700');
    }
    expect(api.environment?.WORKER_INLINE).toBe('0');
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/AS build/);
    expect(dockerfile).toMatch(/FROM node:20[\d.]*-bookworm-slim AS run/);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends ffmpeg/);
    expect(api.build?.target).toBe('run');
  });
});

type Service = {
  build?: { context: string; target: string };
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  env_file?: string[];
  healthcheck?: unknown;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: string | number };
  ports?: string[];
  profiles?: string[];
  volumes?: string[];
};
const PRODUCTION = 'deploy/compose.production.yml';
const production = parse(readFileSync(PRODUCTION, 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
/** The names an env file sets (its `.example` in the repo), the commented-out optional ones included. */
const envFileKeys = (file: string) =>
  readFileSync(join(dirname(PRODUCTION), `${file}.example`), 'utf8')
    .split('\n')
    .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((key): key is string => !!key);
const settingsOf = (s: Service) => [
  ...Object.keys(s.environment ?? {}),
  ...(s.env_file ?? []).flatMap(envFileKeys),
];

describe('deploy/compose.production.yml', () => {
  it('passes dclint (the compose-spec schema and its rules)', () => dclint(PRODUCTION));

  it('runs nginx, API and worker replicas, PostgreSQL, MinIO with its bucket, and Meilisearch as an option', () => {
    const { nginx, api, worker, postgres, minio, meilisearch } = production.services;
    const init = production.services['minio-init'];
    expect(nginx && api && worker && postgres && minio && init && meilisearch).toBeTruthy();
    for (const s of [nginx, api, worker, postgres, minio, meilisearch]) expect(s!.healthcheck).toBeTruthy();
    expect(api!.deploy?.replicas).toMatch(/^\$\{API_REPLICAS:-\d+\}$/);
    expect(worker!.deploy?.replicas).toMatch(/^\$\{WORKER_REPLICAS:-\d+\}$/);
    // Stateless app containers: no shared disk, no host port; only nginx is reachable from outside.
    for (const s of [api, worker]) {
      expect(s!.volumes).toBeUndefined();
      expect(s!.ports).toBeUndefined();
      expect(s!.depends_on).toEqual({
        'minio-init': { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
      });
    }
    for (const s of [postgres, minio, meilisearch]) expect(s!.ports).toBeUndefined();
    expect(nginx!.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    expect(meilisearch!.profiles).toEqual(['search']);
    for (const s of [postgres, minio, init, meilisearch]) expect(s!.image).toMatch(/:[\w.-]*\d[\w.-]*$/);
    expect(postgres!.image).toMatch(/^postgres:15\./);
    // The bucket the app is told to use is the one the init step makes.
    const script = String(init!.command);
    expect(init!.environment?.S3_BUCKET).toBe(api!.environment?.S3_BUCKET);
    expect(script).toContain('mc mb --ignore-existing "store/$$S3_BUCKET"');
    expect(script).toContain('mc version enable');
    expect(Object.keys(production.volumes).sort()).toEqual(['meili', 'minio', 'postgres']);
    // Secrets come from env files, never from the compose file itself.
    for (const s of Object.values(production.services)) {
      for (const key of Object.keys(s.environment ?? {}))
        expect(key).not.toMatch(/SECRET|PASSWORD|DATABASE_URL/);
    }
  });

  it('sets for the app only settings config.ts reads, in the file and in its env files', () => {
    const { api, worker } = production.services;
    expect(api!.command).toEqual(['npx', 'tsx', 'apps/api/src/main.ts']);
    expect(worker!.command).toEqual(['npx', 'tsx', 'apps/api/src/worker-main.ts']);
    for (const s of [api!, worker!]) {
      expect(s.build).toEqual({ context: '..', target: 'run' });
      // DATABASE_URL (engineer K), MEDIA_STORE and S3_* (engineer M) join config.ts with their branches.
      expect(settingsOf(s).filter((key) => !ENV_KEYS.has(key))).toEqual([]);
      for (const key of ['DATABASE_URL', 'MEDIA_SECRET', 'MEDIA_STORE', 'S3_BUCKET', 'S3_ACCESS_KEY_ID'])
        expect(settingsOf(s), key).toContain(key);
    }
    expect(api!.environment?.WORKER_INLINE).toBe('0');
    expect(api!.environment?.MEDIA_SIGNATURE).toBe('nginx');
  });

  it("gives nginx exactly its template's settings, consistent with the app's", () => {
    const { nginx, api } = production.services;
    expect(nginx!.build).toEqual({ context: '..', target: 'nginx' });
    expect(settingsOf(nginx!).sort()).toEqual(templateSettings());
    expect(nginx!.environment?.UPLOAD_BODY_MAX).toBe(`${Number(api!.environment?.UPLOAD_CHUNK_MB) + 1}m`);
    expect(nginx!.environment?.MEDIA_STORE_PREFIX).toBe(`/${api!.environment?.S3_BUCKET}`);
    expect(nginx!.environment?.API_UPSTREAM).toBe(`api:${api!.environment?.PORT}`);
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/FROM nginx:[\d.]+-bookworm AS nginx/);
    expect(dockerfile).toContain('COPY deploy/nginx/templates /etc/nginx/templates');
    // The app image stays the default target.
    expect(dockerfile.trimEnd().split('\nFROM ').at(-1)).toMatch(/ AS run\n/);
  });
});
