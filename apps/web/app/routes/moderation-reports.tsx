import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { GatedImage } from '../components/gated-image';
import { DeadlineBadge } from '../components/moderation/deadline-badge';
import { NoteDialog } from '../components/moderation/note-dialog';
import { STATUS_LABEL } from '../components/moderation/queue-item';
import { useToast } from '../components/toasts';
import { apiClient } from '../lib/api-client';
import { getI18n } from '../lib/i18n';
import { formatDate } from '../lib/intl';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { requireStaff } from '../lib/staff-only';
import type { Route } from './+types/moderation-reports';

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return { ...(await context.api.moderation.reports()), now: Math.floor(Date.now() / 1000) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.reports.title'), noindex: true });
}

type Group = Route.ComponentProps['loaderData']['groups'][number];
type Pending =
  | { kind: 'dismiss'; group: Group }
  | { kind: 'takedown'; videoId: number }
  | { kind: 'ban'; memberId: number; name: string }
  | { kind: 'comment'; commentId: number };

/**
 * `/moderation/reports/`: open reports grouped by target: requests with a 48-hour legal deadline on top,
 * nearest first, with the time left (red once missed); then removal requests; 7-day overdue flagged.
 */
export default function ModerationReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { show } = useToast();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Pending | null>(null);
  const { groups, counts, now } = loaderData;

  const run = async (note: string) => {
    const action = pending;
    setPending(null);
    if (!action) return;
    const m = apiClient().moderation;
    try {
      if (action.kind === 'dismiss') await m.dismiss.mutate({ key: action.group.key, note });
      else if (action.kind === 'takedown') {
        const { removed } = await m.takeDown.mutate({ videoId: action.videoId, note });
        // Known near-duplicates go with the video (ADR 0037): say how many.
        if (removed.length > 1) {
          show('success', t('moderation.reports.copies', { count: removed.length - 1 }));
          revalidator.revalidate();
          return;
        }
      } else if (action.kind === 'ban') await m.ban.mutate({ memberId: action.memberId, note });
      else await m.deleteComment.mutate({ commentId: action.commentId, note });
      show('success', t(`moderation.reports.done.${action.kind}` as 'moderation.reports.done.dismiss'));
    } catch {
      show('error', t('moderation.failed'));
    }
    revalidator.revalidate();
  };

  const days = (since: number) => Math.floor((now - since) / 86_400);
  return (
    <section className="moderation-reports">
      <header className="moderation__head">
        <h1 className="page-title">{t('moderation.reports.title')}</h1>
        <p>
          {t('moderation.reports.counts', { count: counts.open })}
          {counts.overdue > 0 && (
            <strong className="moderation__overdue">
              {' '}
              {t('moderation.reports.overdue_count', { count: counts.overdue })}
            </strong>
          )}
        </p>
      </header>
      {groups.length === 0 ? (
        <EmptyState>{t('moderation.reports.empty')}</EmptyState>
      ) : (
        <ul className="report-groups">
          {groups.map((g) => (
            <li
              key={'reportId' in g.key ? `r${g.key.reportId}` : `${g.key.section}:${g.key.id}`}
              className={`report-group${g.priority > 0 ? ' report-group--priority' : ''}${g.overdue || g.deadlineMissed ? ' report-group--overdue' : ''}`}
              data-testid="report-group"
            >
              <header className="report-group__head">
                {g.deadline !== null && <DeadlineBadge deadline={g.deadline} now={now} />}
                {g.priority > 0 && (
                  <span className="mod-count mod-count--alert">{t('moderation.reports.removal')}</span>
                )}
                {g.overdue && (
                  <span className="mod-count mod-count--alert">{t('moderation.reports.overdue')}</span>
                )}
                <span>{t('moderation.reports.count', { count: g.count })}</span>
                <span className="report-group__age">
                  {t('moderation.reports.age', { count: days(g.oldest) })}
                </span>
              </header>
              {g.video && (
                <div className="report-group__target">
                  {g.video.thumb && (
                    <GatedImage src={g.video.thumb} alt="" width={160} height={90} loading="lazy" />
                  )}
                  <div>
                    <Link to={`/videos/${g.video.id}/${g.video.dir}/`}>{g.video.title}</Link>
                    <div>
                      {t(
                        `moderation.status.${STATUS_LABEL[g.video.statusId] ?? 'pending'}` as 'moderation.status.pending',
                      )}
                      {g.video.uploaderName && (
                        <>
                          {' · '}
                          {t('moderation.queue.uploader')}:{' '}
                          <Link to={`/members/${g.video.uploaderId}/`}>{g.video.uploaderName}</Link>
                          {g.video.uploaderStatus === 'suspended' && ` (${t('moderation.status.suspended')})`}
                        </>
                      )}
                    </div>
                  </div>
                </div>
              )}
              <ul className="report-group__reports">
                {g.reports.map((r) => (
                  <li key={r.id}>
                    <strong>{t(`moderation.subject.${r.subject}` as 'moderation.subject.technical')}</strong>{' '}
                    · {r.email} · {formatDate(r.createdAt, lang)}
                    <p className="report-group__message">{r.message}</p>
                    {r.signature && (
                      <p className="report-group__legal" data-testid="report-legal">
                        {t('moderation.reports.signature', { name: r.signature })}
                        {r.content && (
                          <>
                            {' · '}
                            {t('moderation.reports.content', { url: r.content })}
                          </>
                        )}
                      </p>
                    )}
                    {r.hasFile && (
                      <a href={`/api/moderation/report-file/${r.id}`} target="_blank" rel="noreferrer">
                        {t('moderation.reports.attachment')}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
              {g.video && g.video.comments.length > 0 && (
                <details className="report-group__comments">
                  <summary>{t('moderation.reports.comments', { count: g.video.comments.length })}</summary>
                  <ul>
                    {g.video.comments.map((c) => (
                      <li key={c.id}>
                        <strong>{c.memberName}</strong>: {c.text}{' '}
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setPending({ kind: 'comment', commentId: c.id })}
                        >
                          {t('moderation.reports.delete_comment')}
                        </button>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              <div className="report-group__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => setPending({ kind: 'dismiss', group: g })}
                >
                  {t('moderation.reports.dismiss')}
                </button>
                {g.video && g.video.statusId !== 5 && (
                  <button
                    type="button"
                    className="button button--danger"
                    data-testid="take-down"
                    onClick={() => g.video && setPending({ kind: 'takedown', videoId: g.video.id })}
                  >
                    {t('moderation.reports.take_down')}
                  </button>
                )}
                {g.video?.uploaderId &&
                  g.video.uploaderStatus !== 'suspended' &&
                  g.video.uploaderRole === 'member' && (
                    <button
                      type="button"
                      className="button button--danger"
                      onClick={() =>
                        g.video?.uploaderId &&
                        setPending({
                          kind: 'ban',
                          memberId: g.video.uploaderId,
                          name: g.video.uploaderName ?? '',
                        })
                      }
                    >
                      {t('moderation.reports.ban')}
                    </button>
                  )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <NoteDialog
          title={
            pending.kind === 'ban'
              ? t('moderation.reports.confirm.ban', { name: pending.name })
              : t(`moderation.reports.confirm.${pending.kind}` as 'moderation.reports.confirm.dismiss')
          }
          confirm={t(`moderation.reports.action.${pending.kind}` as 'moderation.reports.action.dismiss')}
          danger={pending.kind !== 'dismiss'}
          onConfirm={run}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
}
