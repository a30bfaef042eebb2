import { redirect } from 'react-router';
import { albumsHref } from '../lib/albums';

/** `/albums/` → latest updates, page 1 (spec §2). */
export function loader() {
  throw redirect(albumsHref('latest-updates', 1), 301);
}

export default function AlbumsRedirect() {
  return null;
}
