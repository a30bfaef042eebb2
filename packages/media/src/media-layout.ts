/** File names inside a processed video directory; ffmpeg args, the VTT and the manifest all use these. */
export const MEDIA_FILES = {
  master: 'master.m3u8',
  variantPlaylist: 'index.m3u8',
  /** fMP4 (CMAF) media segments, the default since ADR 0038. */
  segmentPattern: 'seg-%04d.m4s',
  /** MPEG-TS segments: every ladder written before ADR 0038, and MEDIA segmentType 'mpegts'. */
  tsSegmentPattern: 'seg-%04d.ts',
  /** Each fMP4 variant's init segment (#EXT-X-MAP), `%v` being the variant's name: `720p/init-720p.mp4`. */
  initPattern: 'init-%v.mp4',
  thumb: 'thumb.jpg',
  thumb2x: 'thumb@2x.jpg',
  scr: 'scr.jpg',
  /** The muted hover preview clip of listings. */
  preview: 'preview.mp4',
  vtt: 'timeline.vtt',
  manifest: 'manifest.json',
  spritesDir: 'sprites',
  spritePattern: 'sprite-%03d.jpg',
  /** A blank sheet ffmpeg writes first (see buildFilterGraph); the runner deletes it. */
  spritePrimer: 'sprite-000.jpg',
  /** The fingerprint's grey frames as ffmpeg writes them; the pipeline hashes and deletes them. */
  fingerprintFrames: 'fingerprint.gray',
  /** The second-by-second perceptual hashes (fingerprint.ts), never served. */
  fingerprint: 'fingerprint.bin',
} as const;

/** Suffix of the directory a run writes into before it is renamed into place. */
export const TMP_SUFFIX = '.tmp';

/** Real sprite sheets are numbered from 1; 0 is the primer. */
export function spriteFileName(sheetIndex: number): string {
  return `sprite-${String(sheetIndex + 1).padStart(3, '0')}.jpg`;
}

export function spritePath(sheetIndex: number): string {
  return `${MEDIA_FILES.spritesDir}/${spriteFileName(sheetIndex)}`;
}
