/** The model listing's sorts and filter keys (spec §3), in the order the site offers them. */

export const MODEL_SORTS = [
  'most-popular',
  'count-videos',
  'count-subs',
  'alphabet',
  'recent',
  'most-viewed',
] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];

export const MODEL_RACES = ['asian', 'caucasian', 'ebony', 'latin'] as const;
export const MODEL_TITS_SIZES = ['small', 'medium', 'big', 'huge'] as const;
