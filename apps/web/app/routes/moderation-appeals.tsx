import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { GatedImage } from '../components/gated-image';
import { NoteDialog } from '../components/moderation/note-dialog';
import { useToast } from '../components/toasts';
import { apiClient } from '../lib/api-client';
import { getI18n } from '../lib/i18n';
import { formatDate } from '../lib/intl';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { requireStaff } from '../lib/staff-only';
import type { Route } from './+types/moderation-appeals';

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return context.api.moderation.appeals();
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.appeals.title'), noindex: true });
}

type Appeal = Route.ComponentProps['loaderData']['appeals'][number];

/**
 * `/moderation/appeals/`: open appeals, oldest first (ADR 0037). Uphold or reverse with a reason: reversing
 * a removal restores the video, reversing a declined request takes the video down; the appellant is told.
 */
export default function ModerationAppeals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { show } = useToast();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<{ appeal: Appeal; reverse: boolean } | null>(null);

  const decide = async (note: string) => {
    const action = pending;
    setPending(null);
    if (!action) return;
    try {
      const { status } = await apiClient().moderation.decideAppeal.mutate({
        appealId: action.appeal.id,
        reverse: action.reverse,
        note,
      });
      show('success', t(`moderation.appeals.done.${status}` as 'moderation.appeals.done.upheld'));
    } catch {
      show('error', t('moderation.failed'));
    }
    revalidator.revalidate();
  };

  const reason = (r: string) =>
    t(`moderation.subject.${r}` as 'moderation.subject.other', { defaultValue: r });
  return (
    <section className="moderation-appeals">
      <header className="moderation__head">
        <h1 className="page-title">{t('moderation.appeals.title')}</h1>
      </header>
      {loaderData.appeals.length === 0 ? (
        <EmptyState>{t('moderation.appeals.empty')}</EmptyState>
      ) : (
        <ul className="appeals">
          {loaderData.appeals.map((a) => (
            <li key={a.id} className="appeal" data-testid="appeal">
              <header className="report-group__head">
                <strong>{t(`moderation.appeals.kind.${a.kind}`)}</strong>
                <span className="mod-count">
                  {t('moderation.appeals.ground', { reason: reason(a.ground) })}
                </span>
              </header>
              {a.videoId !== null && a.title ? (
                <div className="report-group__target">
                  {a.thumb && <GatedImage src={a.thumb} alt="" width={160} height={90} loading="lazy" />}
                  <div>
                    <Link to={`/videos/${a.videoId}/${a.dir ?? ''}/`}>{a.title}</Link>
                    {a.removedAt !== null && (
                      <div className="appeal__meta">
                        {t('moderation.appeals.removed_at', { date: formatDate(a.removedAt, lang) })}
                      </div>
                    )}
                  </div>
                </div>
              ) : (
                <p className="appeal__meta">{t('moderation.appeals.video_gone')}</p>
              )}
              <p className="appeal__meta">
                {a.memberName ?? a.email} ·{' '}
                {t('moderation.appeals.filed', { date: formatDate(a.createdAt, lang) })}
              </p>
              {a.requestMessage && (
                <div>
                  <strong>{t('moderation.appeals.request')}</strong>
                  <blockquote className="appeal__text">{a.requestMessage}</blockquote>
                </div>
              )}
              <div>
                <strong>{t('moderation.appeals.statement')}</strong>
                <blockquote className="appeal__text" data-testid="appeal-statement">
                  {a.statement}
                </blockquote>
              </div>
              <div className="report-group__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => setPending({ appeal: a, reverse: false })}
                >
                  {t('moderation.appeals.uphold')}
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  data-testid="appeal-reverse"
                  onClick={() => setPending({ appeal: a, reverse: true })}
                >
                  {t('moderation.appeals.reverse')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <NoteDialog
          title={
            pending.reverse
              ? t(
                  pending.appeal.kind === 'removal'
                    ? 'moderation.appeals.confirm.reverse_removal'
                    : 'moderation.appeals.confirm.reverse_rejection',
                )
              : t('moderation.appeals.confirm.uphold')
          }
          confirm={pending.reverse ? t('moderation.appeals.reverse') : t('moderation.appeals.uphold')}
          danger={pending.reverse}
          onConfirm={decide}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
}
