export * from './client';
export * from './queries/listing-facets';
export * from './queries/rating';
export * from './queries/rollup-views';
export * from './schema/index';
export * from './queries/search-index';
