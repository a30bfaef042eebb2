export * from './client';
export * from './queries/rollup-views';
export * from './schema/index';
