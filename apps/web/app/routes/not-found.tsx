import { notFound } from '../lib/http-errors';

/** `/404/` and every unknown path: the root error boundary renders the page with status 404. */
export function loader(): never {
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
