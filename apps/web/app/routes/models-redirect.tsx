import { redirect } from 'react-router';
import { modelsHref } from '../lib/models';

/** `/models/` → most popular, page 1 (spec §2). */
export function loader() {
  throw redirect(modelsHref('most-popular', 1), 301);
}

export default function ModelsRedirect() {
  return null;
}
