import { formatDuration } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { apiClient } from '../../lib/api-client';

type QueueItemData = Awaited<
  ReturnType<ReturnType<typeof apiClient>['moderation']['queue']['query']>
>['items'][number];
type Match = Extract<QueueItemData, { kind: 'video' }>['matches'][number];

/** "0:12–1:40": a stretch in seconds, end exclusive. */
const stretch = (start: number, end: number) => `${formatDuration(start)}–${formatDuration(end)}`;

/**
 * A queued video's near-duplicates by fingerprint (ADR 0034): the matching video, the stretches both
 * share ("0:12–1:40 ↔ 0:10–1:38"), the share of each they cover and the full-copy mark. A full copy is held:
 * the item's Approve gives way to an explicit override, which the audit log records.
 */
export function FingerprintMatches({
  matches,
  heldAsCopyOf,
  lang,
  statusLabel,
  onApproveCopy,
}: {
  matches: Match[];
  heldAsCopyOf: number | null;
  lang: string;
  /** The status words' keys by status id (the queue item's STATUS_LABEL). */
  statusLabel: Record<number, string>;
  onApproveCopy?: () => void;
}) {
  const { t } = useTranslation();
  if (matches.length === 0 && heldAsCopyOf === null) return null;
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section
      className="fp-matches"
      data-testid="fingerprint-matches"
      aria-label={t('moderation.queue.match.title')}
    >
      {heldAsCopyOf !== null && (
        <div className="fp-matches__held" role="status" data-testid="held-copy">
          <strong>{t('moderation.queue.match.held', { id: heldAsCopyOf })}</strong>
          <span>{t('moderation.queue.match.held_help')}</span>
          {onApproveCopy && (
            <button
              type="button"
              className="button"
              data-testid="approve-copy"
              onClick={(e) => {
                e.stopPropagation();
                onApproveCopy();
              }}
            >
              {t('moderation.approve_copy')}
            </button>
          )}
        </div>
      )}
      <h3 className="fp-matches__title">{t('moderation.queue.match.title')}</h3>
      <ul className="fp-matches__list">
        {matches.map((m) => (
          <li key={m.videoId} className="fp-match" data-testid="fingerprint-match" data-video={m.videoId}>
            <div className="fp-match__head">
              <Link to={`/videos/${m.videoId}/${m.dir}/`} onClick={(e) => e.stopPropagation()}>
                #{m.videoId} {m.title}
              </Link>{' '}
              <span className="fp-match__status">
                (
                {t(
                  `moderation.status.${statusLabel[m.statusId] ?? 'pending'}` as 'moderation.status.pending',
                )}
                )
              </span>
              {m.fullCopy && <span className="fp-match__full">{t('moderation.queue.match.full_copy')}</span>}
              {m.later && <span className="fp-match__later">{t('moderation.queue.match.later')}</span>}
            </div>
            <div className="fp-match__share">
              {t('moderation.queue.match.coverage', {
                share: percent.format(m.coverage),
                other: percent.format(m.otherCoverage),
              })}
            </div>
            <ul className="fp-match__spans" aria-label={t('moderation.queue.match.ranges')}>
              {m.spans.map(([a, b, c, d]) => (
                <li key={`${a}-${c}`}>
                  {stretch(a, b)} ↔ {stretch(c, d)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
