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

/**
 * The model filters' keys (camelCase in code) and their spec names: the query parameter on the site and the
 * column of the models table alike.
 */
export const MODEL_FILTER_PARAMS = {
  alphabet: 'alphabet',
  race: 'race',
  age: 'age',
  country: 'country',
  titsSize: 'tits_size',
  hairColor: 'hair_color',
  height: 'height',
  weight: 'weight',
  tattoo: 'tattoo',
  piercing: 'piercing',
} as const;
