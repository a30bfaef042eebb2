import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '../../apps/api/src/config';

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

describe('docker-compose.yml', () => {
  it('passes dclint (the compose-spec schema and its rules)', () => {
    const r = spawnSync('npx', ['dclint', 'docker-compose.yml'], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).not.toMatch(/\d+:\d+\s+(error|warning)/);
    expect(r.status).toBe(0);
  });

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
