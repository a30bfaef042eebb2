/** Spec §9 constants of the video page extras and the embed player (the player's end: player-constants). */

/** Download gate: the wait for visitors who do not subscribe. */
export const DOWNLOAD_GATE_WAIT_MS = 10_000;
/** The share button shows 'Copied' this long. */
export const COPIED_MS = 1_000;
/** The description is clamped with a More/Less toggle when it renders taller than this. */
export const DESCRIPTION_CLAMP_PX = 20;
export const EMBED_WIDTH = 426;
export const EMBED_HEIGHT = 265;
/** The suggestion strip on the video page. */
export const SUGGESTION_COUNT = 6;
