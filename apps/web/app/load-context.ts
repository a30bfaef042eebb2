// Relative, type-only: @vt/api exports no ./pages/* entry, and Vite must never bundle API code.
import type { PageContext } from '../../api/src/pages/context';

declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}
