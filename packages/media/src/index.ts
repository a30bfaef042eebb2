export {
  analyseSource,
  type CropBox,
  type FieldCounts,
  type LoudnessMeasurement,
  type SourceAnalysis,
} from './analysis';
export { buildDemoClipArgs, type DemoClipSpec, type DemoPattern, generateDemoClip } from './demo-clip';
export { DEMO_CLIPS } from './demo-clips';
export { generateDemoPhoto } from './demo-photo';
export { isMediaError, MediaError, type MediaErrorCode } from './errors';
export { buildFfmpegArgs, buildFilterGraph } from './ffmpeg-args';
export {
  compareFingerprints,
  decodeFingerprint,
  encodeFingerprint,
  type Fingerprint,
  type FingerprintMatch,
  FULL_COPY_COVERAGE,
  nearestSummaries,
  summarize,
} from './fingerprint';
export { fingerprintFile } from './fingerprint-file';
export { playlistDurationSec } from './hls-playlist';
export { ALLOWED_DEMUXERS, DEMUXER_BY_EXTENSION, isAllowedFormat, sandboxedInput } from './input-sandbox';
export {
  type ManifestRendition,
  type MediaManifest,
  manifestFromPlan,
  parseManifest,
  readManifest,
} from './manifest';
export { assertWithinBounds, DEFAULT_MEDIA_BOUNDS, type MediaBounds } from './media-bounds';
export { MEDIA_FILES, spriteFileName, spritePath, TMP_SUFFIX } from './media-layout';
export {
  DEFAULT_MEDIA_SETTINGS,
  type LadderStep,
  type MediaSettings,
  type MediaSettingsInput,
  resolveMediaSettings,
  type SpriteSettings,
  type StillSize,
} from './media-settings';
export { mimeTypeFor } from './mime';
export { type ProcessVideoOptions, processVideo } from './pipeline';
export {
  buildPlan,
  type MediaPlan,
  planSprites,
  type Rendition,
  type SpritePlan,
  type StillPlan,
} from './plan';
export { type ProbeResult, parseProbe, probe } from './probe';
export { ProgressParser, type ProgressReport } from './progress-parser';
export {
  type LadderLevel,
  type PlaylistRunUris,
  type PlaylistSegment,
  parseLadder,
  parseVariantPlaylist,
  type RemuxOptions,
  type RemuxProgress,
  type RemuxResult,
  readLadder,
  readVariantPlaylist,
  remuxHlsToMp4,
  type SegmentRun,
  type VariantPlaylist,
} from './remux';
export {
  DEFAULT_MEDIA_LIMITS,
  type MediaLimits,
  type MediaLimitsInput,
  resolveMediaLimits,
} from './resource-limits';
export {
  DEFAULT_RESTORATION_SETTINGS,
  type FieldMode,
  planRestoration,
  type RestorationBasis,
  type RestorationOverrides,
  type RestorationPlan,
} from './restoration';
export { isRestorationStill, RESTORATION_STILLS } from './restoration-stills';
export { type TranscodeOptions, type TranscodeProgress, type TranscodeResult, transcode } from './runner';
export { HD_MIN_HEIGHT, isHdLadder, masterVariants, streamSeconds } from './stream-facts';
export { DEFAULT_FFMPEG, DEFAULT_FFPROBE, type ToolOptions } from './tool-options';
export { buildTimelineVtt, vttTimestamp } from './vtt';
