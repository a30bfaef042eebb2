export * from './client';
export * from './queries/rating';
export * from './queries/rollup-views';
export * from './schema/index';
