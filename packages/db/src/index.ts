export * from './client';
export * from './progress-bar';
export * from './queries/listed-counts';
export * from './queries/listing-facets';
export * from './queries/rating';
export * from './queries/rollup-views';
export * from './queries/search-index';
export * from './schema/index';
