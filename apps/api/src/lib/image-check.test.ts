import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage } from './image-check';

const RULE = { field: 'preview', maxBytes: 1024 ** 2, maxLabel: '1 MB', minWidth: 640, minHeight: 360 };

/** A JPEG stored `width`×`height` with an EXIF orientation tag. */
const jpeg = (width: number, height: number, orientation: number) =>
  sharp({ create: { width, height, channels: 3, background: '#456' } })
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();

describe('checkImage', () => {
  it('measures the picture as it is shown, after its EXIF rotation', async () => {
    // Stored 360×640 but turned a quarter (orientation 6): shown 640×360, which passes.
    await expect(checkImage(await jpeg(360, 640, 6), RULE)).resolves.toMatchObject({ orientation: 6 });
    // Stored 640×360 and turned: shown 360×640, too narrow.
    await expect(checkImage(await jpeg(640, 360, 8), RULE)).rejects.toMatchObject({
      code: 'invalid_image_size',
    });
    await expect(checkImage(await jpeg(640, 360, 1), RULE)).resolves.toBeTruthy();
  });
});
