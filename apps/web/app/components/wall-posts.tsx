import { useTranslation } from 'react-i18next';
import type { Listing, WallPost } from '../lib/dto';
import { formatDate, isoDate } from '../lib/intl';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';

/** A model's or member's wall: posts newest first, as text, with pagination. */
export function WallPosts({
  wall,
  page,
  href,
  lang,
}: {
  wall: Listing<WallPost> | null;
  page: number;
  href: (page: number) => string;
  lang: string;
}) {
  const { t } = useTranslation();
  if (!wall || wall.items.length === 0) return <EmptyState>{t('model.wall_empty')}</EmptyState>;
  return (
    <section className="model-page__section">
      <ol className="wall" aria-label={t('model.wall_label')}>
        {wall.items.map((post) => (
          <li key={post.id} className="wall__post" data-testid="wall-post">
            <p className="wall__meta">
              <strong className="wall__author">{post.author.name}</strong>
              <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt, lang)}</time>
            </p>
            <p className="wall__body">{post.body}</p>
          </li>
        ))}
      </ol>
      <Pagination page={page} pages={wall.pages} href={href} />
    </section>
  );
}
