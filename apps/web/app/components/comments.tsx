import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatedComments } from '../lib/dated-comments';
import { isoDate } from '../lib/intl';
import { EmptyState } from './empty-state';
import { GatedImage } from './gated-image';
import { Pagination } from './pagination';

// Members only: visitors, whose pages are the cached and measured ones, never load the form.
const CommentForm = lazy(() => import('./actions/comment-form').then((m) => ({ default: m.CommentForm })));

interface CommentsProps {
  comments: DatedComments;
  signedIn: boolean;
  href: (page: number) => string;
  /** What a signed-in member comments on; without it the list is read-only. */
  target?: { section: string; objectId: number };
}

function Avatar({ name, src }: { name: string; src: string | null }) {
  const { t } = useTranslation();
  if (src) {
    return (
      <GatedImage
        className="comment__avatar"
        src={src}
        alt={t('comments.avatar', { name })}
        width={40}
        height={40}
      />
    );
  }
  return (
    <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Comments, 10 per page, newest first, rendered as text; signed-in members get the form above them. */
export function Comments({ comments, signedIn, href, target }: CommentsProps) {
  const { t } = useTranslation();
  return (
    <section className="comments" aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title" className="section-title">
        {comments.heading}
      </h2>
      {signedIn && target && (
        <Suspense fallback={null}>
          <CommentForm section={target.section} objectId={target.objectId} />
        </Suspense>
      )}
      {!signedIn && (
        <p className="comments__sign-in" data-testid="comments-sign-in">
          {t('comments.sign_in')}
        </p>
      )}
      {comments.items.length === 0 ? (
        <EmptyState>{t('comments.empty')}</EmptyState>
      ) : (
        <ol className="comments__list">
          {comments.items.map((comment) => (
            <li key={comment.id} className="comment" data-testid="comment">
              <Avatar name={comment.member.name} src={comment.member.avatar} />
              <div className="comment__main">
                <p className="comment__meta">
                  <strong className="comment__author">{comment.member.name}</strong>
                  <time dateTime={isoDate(comment.addedDate)}>{comment.addedOn}</time>
                </p>
                <p className="comment__text">{comment.comment}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={comments.page}
        pages={comments.pages}
        href={href}
        label={t('comments.pagination')}
        preventScrollReset
      />
    </section>
  );
}
