/**
 * Spec §9 constants of the player's end: only the lazily loaded controls read them, so they live apart
 * from video-extras-constants (read by the first load) and load with those controls.
 */

/** Next-video autoplay waits this long after the video ends. */
export const NEXT_VIDEO_DELAY_MS = 20_000;
/** Thumbnails on the player's end screen. */
export const END_SCREEN_COUNT = 6;
/** No next-video autoplay on phones and tablets (spec: not on mobile). */
export const MOBILE_QUERY = '(max-width: 767px), (pointer: coarse)';
