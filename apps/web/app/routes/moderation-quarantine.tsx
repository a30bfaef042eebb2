import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ModTable } from '../components/moderation/mod-table';
import { useToast } from '../components/toasts';
import { apiClient } from '../lib/api-client';
import { getI18n } from '../lib/i18n';
import { formatDate } from '../lib/intl';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { requireStaff } from '../lib/staff-only';
import type { Route } from './+types/moderation-quarantine';

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'admin');
  return context.api.moderation.quarantine();
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.quarantine.title'), noindex: true });
}

const ERRORS = new Set(['blocklist_invalid', 'blocklist_too_large']);

/**
 * `/moderation/quarantine/`, admins only (ADR 0034): uploads that matched a blocklist, by their metadata
 * only (their media answers nobody), with Release and Delete permanently; and the imported blocklists.
 */
export default function ModerationQuarantine({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { show } = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ videoId: number; action: 'release' | 'delete' } | null>(
    null,
  );
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'file' | 'fingerprint'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string }>({});

  const decide = async (videoId: number, action: 'release' | 'delete') => {
    setBusy(true);
    try {
      if (action === 'release') await apiClient().moderation.releaseQuarantined.mutate({ videoId });
      else await apiClient().moderation.deleteQuarantined.mutate({ videoId });
      show(
        'success',
        t(action === 'release' ? 'moderation.quarantine.released' : 'moderation.quarantine.deleted'),
      );
      setConfirming(null);
      revalidator.revalidate();
    } catch {
      show('error', t('moderation.failed'));
    } finally {
      setBusy(false);
    }
  };

  const importList = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : t('form.error.required'),
      file: file ? undefined : t('form.error.required'),
    };
    setErrors(next);
    if (next.name || next.file || !file) return;
    setBusy(true);
    try {
      const r = await apiClient().moderation.importBlocklist.mutate({
        name: name.trim(),
        kind,
        text: await file.text(),
      });
      show('success', t('moderation.blocklists.imported', { entries: r.entries, rejected: r.rejected }));
      setName('');
      setFile(null);
      (event.target as HTMLFormElement).reset();
      revalidator.revalidate();
    } catch (err) {
      const code = (err as { data?: { code?: string } }).data?.code;
      setErrors({
        file: t(
          (code && ERRORS.has(code)
            ? `moderation.error.${code}`
            : 'moderation.blocklists.error.failed') as 'moderation.blocklists.error.failed',
        ),
      });
    } finally {
      setBusy(false);
    }
  };

  const removeList = async (listId: number) => {
    try {
      await apiClient().moderation.removeBlocklist.mutate({ listId });
      revalidator.revalidate();
    } catch {
      show('error', t('moderation.failed'));
    }
  };

  return (
    <section className="moderation-quarantine">
      <h1 className="page-title">{t('moderation.quarantine.title')}</h1>
      <p className="mod-intro">{t('moderation.quarantine.intro')}</p>
      {loaderData.items.length === 0 ? (
        <EmptyState>{t('moderation.quarantine.empty')}</EmptyState>
      ) : (
        <ul className="quarantine-list" data-testid="quarantine-list">
          {loaderData.items.map((q) => (
            <li
              key={q.videoId}
              className="quarantine-entry"
              data-testid="quarantine-entry"
              data-video={q.videoId}
            >
              <h2 className="quarantine-entry__title">
                #{q.videoId} {q.title}
              </h2>
              <dl className="quarantine-entry__facts">
                <div>
                  <dt>{t('moderation.quarantine.uploader')}</dt>
                  <dd>
                    {q.uploader ? <Link to={`/members/${q.uploader.id}/`}>{q.uploader.name}</Link> : '—'}
                  </dd>
                </div>
                <div>
                  <dt>{t('moderation.quarantine.when')}</dt>
                  <dd>{formatDate(q.quarantinedAt, lang)}</dd>
                </div>
                <div>
                  <dt>{t('moderation.quarantine.list')}</dt>
                  <dd>{q.list ?? '—'}</dd>
                </div>
                <div>
                  <dt>{t('moderation.quarantine.matched')}</dt>
                  <dd>
                    <code className="quarantine-entry__hash">{q.matched}</code>
                  </dd>
                </div>
              </dl>
              <div className="queue-item__actions">
                {confirming?.videoId === q.videoId ? (
                  <>
                    <button
                      type="button"
                      className={`button ${confirming.action === 'delete' ? 'button--danger' : 'button--primary'}`}
                      disabled={busy}
                      data-testid="quarantine-confirm"
                      onClick={() => decide(q.videoId, confirming.action)}
                    >
                      {t(
                        confirming.action === 'release'
                          ? 'moderation.quarantine.release'
                          : 'moderation.quarantine.delete',
                      )}
                    </button>
                    <button type="button" className="button" onClick={() => setConfirming(null)}>
                      {t('moderation.cancel')}
                    </button>
                  </>
                ) : (
                  <>
                    <button
                      type="button"
                      className="button"
                      data-testid="quarantine-release"
                      onClick={() => setConfirming({ videoId: q.videoId, action: 'release' })}
                    >
                      {t('moderation.quarantine.release')}
                    </button>
                    <button
                      type="button"
                      className="button button--danger"
                      data-testid="quarantine-delete"
                      onClick={() => setConfirming({ videoId: q.videoId, action: 'delete' })}
                    >
                      {t('moderation.quarantine.delete')}
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <h2 className="quarantine-subtitle">{t('moderation.blocklists.title')}</h2>
      <p className="mod-intro">{t('moderation.blocklists.intro')}</p>
      <form
        className="mod-form mod-form--panel"
        onSubmit={importList}
        noValidate
        data-testid="blocklist-import"
      >
        <label className="mod-form__field">
          <span>{t('moderation.blocklists.name')}</span>
          <input
            name="name"
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(errors.name)}
          />
          {errors.name && (
            <span className="mod-form__error" role="alert">
              {errors.name}
            </span>
          )}
        </label>
        <label className="mod-form__field">
          <span>{t('moderation.blocklists.kind')}</span>
          <select
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'file' | 'fingerprint')}
          >
            <option value="file">{t('moderation.blocklists.kind_file')}</option>
            <option value="fingerprint">{t('moderation.blocklists.kind_fingerprint')}</option>
          </select>
        </label>
        <label className="mod-form__field">
          <span>{t('moderation.blocklists.file')}</span>
          <input
            type="file"
            name="list"
            accept=".txt,.csv,.json,text/plain,text/csv,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-invalid={Boolean(errors.file)}
          />
          {errors.file && (
            <span className="mod-form__error" role="alert">
              {errors.file}
            </span>
          )}
        </label>
        <div className="mod-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('moderation.blocklists.import')}
          </button>
        </div>
      </form>
      {loaderData.lists.length === 0 ? (
        <EmptyState>{t('moderation.blocklists.empty')}</EmptyState>
      ) : (
        <ModTable data-testid="blocklists">
          <thead>
            <tr>
              <th>{t('moderation.blocklists.name')}</th>
              <th>{t('moderation.blocklists.kind')}</th>
              <th>{t('moderation.blocklists.entries')}</th>
              <th>{t('moderation.blocklists.imported_at')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {loaderData.lists.map((l) => (
              <tr key={l.id} data-testid="blocklist">
                <td>{l.name}</td>
                <td>
                  {t(
                    l.kind === 'file'
                      ? 'moderation.blocklists.kind_file'
                      : 'moderation.blocklists.kind_fingerprint',
                  )}
                </td>
                <td>{new Intl.NumberFormat(lang).format(l.entries)}</td>
                <td>
                  {formatDate(l.createdAt, lang)}
                  {l.importedBy ? ` · ${l.importedBy}` : ''}
                </td>
                <td>
                  <button type="button" className="button button--small" onClick={() => removeList(l.id)}>
                    {t('moderation.blocklists.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </ModTable>
      )}
    </section>
  );
}
