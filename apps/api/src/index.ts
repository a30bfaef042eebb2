export type { PageContext, Viewer } from './pages/context';
export type * from './services/shared/dto';
export type { AppRouter } from './trpc/root';
