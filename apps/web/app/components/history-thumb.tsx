import type { WatchHistoryEntry } from '../lib/watch-history';
import { SiteLink } from './site-link';
import { ThumbPicture } from './thumb';

/** A thumb from the local watch history, which stores only id, dir, title and image. */
export function HistoryThumb({ entry }: { entry: WatchHistoryEntry }) {
  const { video_id: id, dir, title, thumb } = entry.params;
  return (
    <article className="thumb" data-testid="thumb">
      <SiteLink to={`/videos/${id}/${dir}/`} className="thumb__link">
        <div className="thumb__media">
          {thumb ? (
            <ThumbPicture src={thumb} alt={title} />
          ) : (
            <span className="thumb__image thumb__image--empty" />
          )}
        </div>
        <h3 className="thumb__title">{title}</h3>
      </SiteLink>
    </article>
  );
}
