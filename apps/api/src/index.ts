export type { PageContext, Viewer } from './pages/context';
export type * from './services/dto';
export type { AppRouter } from './trpc/root';
