import { redirect } from 'react-router';
import { listingHref } from '../lib/listing-filters';

/** `/videos/` → latest updates, page 1 (spec §2). */
export function loader() {
  throw redirect(listingHref('latest-updates', 1), 301);
}

export default function VideosRedirect() {
  return null;
}
