import { isLang } from '@vt/i18n';
import type { CommentItem, Listing } from './dto';
import { getI18n } from './i18n';
import { formatDate } from './intl';

/** A comment with its date in the page's language, written by the loader (see `datedComments`). */
export type DatedComment = CommentItem & { addedOn: string };

/** A page of comments as the loader hands it over: dated, with its heading ("Comments (12)") written. */
export type DatedComments = Listing<DatedComment> & { heading: string };

/**
 * Dates a page of comments and writes its counted heading on the server: in the browser the date built the
 * page's first Intl object and the count its plural rules, whose locale data costs a phone 50–200 ms of main
 * thread to load.
 */
export function datedComments(comments: Listing<CommentItem>, lang: string): DatedComments {
  const language = isLang(lang) ? lang : 'en';
  const { t } = getI18n(language);
  return {
    ...comments,
    heading:
      comments.totalCount > 0
        ? t('comments.title_count', { count: comments.totalCount })
        : t('comments.title'),
    items: comments.items.map((comment) => ({
      ...comment,
      addedOn: formatDate(comment.addedDate, language),
    })),
  };
}
