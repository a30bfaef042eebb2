import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mediaStoreOrigins } from './media-store-config';

const base = { DATA_DIR: '/tmp/vt-config-test', MEDIA_SECRET: 'x'.repeat(32) };

describe('media store settings', () => {
  it('defaults to the local media directory', () => {
    expect(loadConfig(base).mediaStore).toEqual({ kind: 'local' });
  });

  it('reads the S3 settings', () => {
    const cfg = loadConfig({
      ...base,
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'vt-media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      S3_URL_TTL_SECONDS: '120',
    }).mediaStore;
    expect(cfg).toMatchObject({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'vt-media',
      forcePathStyle: true,
      urlTtlSec: 120,
      publicBaseUrl: undefined,
      uploadsPrefix: 'tus-uploads/',
    });
  });

  it('refuses to start on missing or bad S3 settings, naming each', () => {
    expect(() => loadConfig({ ...base, MEDIA_STORE: 's3' })).toThrow(
      /S3_BUCKET: required[\s\S]*S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() =>
      loadConfig({
        ...base,
        MEDIA_STORE: 's3',
        S3_BUCKET: 'Bad_Bucket',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    ).toThrow(/S3_BUCKET: not a valid bucket name/);
    expect(() => loadConfig({ ...base, MEDIA_STORE: 'gcs' })).toThrow(/MEDIA_STORE/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, S3_URL_TTL_SECONDS: '0' })).toThrow(/S3_URL_TTL_SECONDS/);
    for (const bad of ['tus', '/tus/', 'a//', '../x/'])
      expect(() => loadConfig({ ...base, S3_UPLOADS_PREFIX: bad }), bad).toThrow(/S3_UPLOADS_PREFIX/);
  });

  it('names the origins pages must allow for media from the bucket', () => {
    const s3 = {
      ...base,
      MEDIA_STORE: 's3',
      S3_BUCKET: 'vt-media',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    };
    expect(mediaStoreOrigins(loadConfig(base).mediaStore)).toEqual([]);
    expect(mediaStoreOrigins(loadConfig(s3).mediaStore)).toEqual([
      'https://vt-media.s3.us-east-1.amazonaws.com',
    ]);
    expect(
      mediaStoreOrigins(
        loadConfig({
          ...s3,
          S3_ENDPOINT: 'http://minio:9000/',
          S3_FORCE_PATH_STYLE: '1',
          S3_PUBLIC_BASE_URL: 'https://cdn.example.test/media',
        }).mediaStore,
      ),
    ).toEqual(['http://minio:9000', 'https://cdn.example.test']);
  });
});
