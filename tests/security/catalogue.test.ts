import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../apps/api/src/trpc/root';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';
import {
  DISPATCH,
  type Fixtures,
  legacyWrites,
  NOT_WRITES,
  READ_SHAPES,
  READS_NOT_FUZZED,
  trpcMutations,
} from './helpers/routes';

/** Only the shape of the catalogue matters here, not real ids. */
const FAKE: Fixtures = {
  videoId: 1,
  otherMemberId: 1,
  modelId: 1,
  albumId: 1,
  playlistId: 1,
  messageId: 1,
  commentId: 1,
  ownVideoId: 1,
  ownAlbumId: 1,
  ownPhotoId: 1,
  uploadId: 'x',
  pendingVideoId: 1,
  notificationId: 1,
  image: new Uint8Array(1),
};

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 5 });
});
afterAll(() => sut.close());

const routeKeys = (filter: (method: string) => boolean) =>
  new Set(sut.app.routes.filter((r) => filter(r.method)).map((r) => `${r.method} ${r.path}`));

describe('the route catalogue is complete', () => {
  it('lists every non-GET route the app registers', () => {
    const listed = new Set([...legacyWrites(FAKE).map((w) => w.route), ...Object.keys(NOT_WRITES)]);
    const registered = routeKeys((m) => m !== 'GET');
    const missing = [...registered].filter((k) => !listed.has(k));
    expect(missing, 'add these routes to tests/security/helpers/routes.ts').toEqual([]);
    const stale = [...listed].filter((k) => !registered.has(k));
    expect(stale, 'these catalogue routes no longer exist').toEqual([]);
  });

  it('lists every act a legacy POST dispatches on', () => {
    for (const { route, file, variants } of DISPATCH) {
      const source = readFileSync(file, 'utf8');
      const labels = [
        ...source.matchAll(/case '([a-z_]+)':/g),
        ...source.matchAll(/(?:act|text\('act'\)) [!=]== '([a-z_]+)'/g),
      ].map((m) => m[1]);
      expect(labels.length, file).toBeGreaterThan(0);
      const unlisted = labels.filter((l) => !variants.includes(l));
      expect(unlisted, `${route}: acts missing from DISPATCH`).toEqual([]);
      // Each act is attacked: the writes list has one entry naming it.
      const names = legacyWrites(FAKE)
        .filter((w) => w.route === route)
        .map((w) => w.name);
      for (const v of variants)
        expect(
          names.some((n) => n.endsWith(` ${v}`) || n.endsWith(`=${v}`)),
          `${route} ${v}`,
        ).toBe(true);
    }
  });

  it('lists every tRPC mutation', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const mutations = Object.entries(procedures)
      .filter(([, p]) => p._def.type !== 'query')
      .map(([name]) => name)
      .sort();
    expect(
      trpcMutations(FAKE)
        .map((m) => m.procedure)
        .sort(),
    ).toEqual(mutations);
  });

  it('gives the fuzz a template for every GET route that takes input', () => {
    const shaped = new Set([
      ...READ_SHAPES.map((s) => `GET ${s.route}`),
      ...Object.keys(READS_NOT_FUZZED).map((p) => `GET ${p}`),
    ]);
    const missing = [...routeKeys((m) => m === 'GET')].filter((k) => !shaped.has(k));
    expect(missing, 'add a READ_SHAPES template for these').toEqual([]);
  });
});
