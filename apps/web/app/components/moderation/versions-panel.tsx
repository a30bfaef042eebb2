import { formatDuration } from '@vt/i18n';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { Modal } from '../modal';
import { useToast } from '../toasts';

type Group = Awaited<ReturnType<ReturnType<typeof apiClient>['versions']['group']['query']>>;
type Mode = 'redirect' | 'listed';

/** The translated text of a versions call's error (its AppError code), or the generic failure. */
function errorKey(error: unknown): string {
  const code = (error as { data?: { code?: string } }).data?.code ?? '';
  if (code.startsWith('version_')) return `moderation.error.${code}`;
  return `moderation.versions.error.${code === 'video_not_found' ? code : 'unknown'}`;
}

/**
 * A URL of the site the moderator is on is sent as its path: the server resolves paths and URLs of the
 * configured public origin only, and staff may reach the site under another host name.
 */
function sameSiteRef(raw: string): string {
  const text = raw.trim();
  try {
    const url = new URL(text);
    if (url.host === window.location.host) return url.pathname;
  } catch {
    // Not an absolute URL: an id or a path, sent as typed.
  }
  return text;
}

export interface VersionsDialogProps {
  /** The video the moderator is acting on (a queue item's, or the published video's page). */
  videoId: number;
  /**
   * A video to propose as the other one (the fingerprint match list passes its match): prefilled in the
   * id/URL field, still confirmed by the moderator.
   */
  suggestedId?: number;
  /**
   * Whether this video starts as the canonical (a published page) or as a version of the other video
   * (a pending upload in the queue). The moderator can switch it.
   */
  defaultRole?: 'canonical' | 'version';
  onClose: () => void;
  /** After any change (grouped, canonical changed, ungrouped). */
  onChanged?: () => void;
}

/**
 * The moderators' Versions dialog (ADR 0035): shows the video's current group, groups it with another
 * video named by id or URL (redirect or listed, then confirm), changes the canonical and ungroups.
 * Loaded on demand (versions-action.tsx).
 */
export function VersionsDialog({
  videoId,
  suggestedId,
  defaultRole = 'canonical',
  onClose,
  onChanged,
}: VersionsDialogProps) {
  const { t } = useTranslation();
  const { show } = useToast();
  const ids = useId();
  const [group, setGroup] = useState<Group | undefined>(undefined);
  const [ref, setRef] = useState(suggestedId ? String(suggestedId) : '');
  const [role, setRole] = useState<'canonical' | 'version'>(defaultRole);
  const [mode, setMode] = useState<Mode>('redirect');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      apiClient()
        .versions.group.query({ videoId })
        .then(setGroup)
        .catch((e: unknown) => setError(errorKey(e))),
    [videoId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      show('success', t(done as 'moderation.versions.saved'));
      setConfirming(false);
      setRef('');
      await load();
      onChanged?.();
    } catch (e) {
      setError(errorKey(e));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const other = ref.trim().match(/^\d+$/) ? ref.trim() : ref.trim().match(/\/(?:videos|embed)\/(\d+)/)?.[1];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ref.trim()) return;
    if (!confirming) {
      setError(null);
      setConfirming(true);
      return;
    }
    void run(
      () =>
        apiClient().versions.add.mutate({
          videoId,
          ref: sameSiteRef(ref),
          mode,
          asCanonical: role === 'version',
        }),
      'moderation.versions.saved',
    );
  };
  const versionLabel = role === 'canonical' ? (other ?? ref.trim()) : String(videoId);
  const canonicalLabel = role === 'canonical' ? String(videoId) : (other ?? ref.trim());

  return (
    <Modal
      title={t('moderation.versions.title')}
      onClose={onClose}
      closeLabel={t('moderation.close')}
      testId="versions-dialog"
    >
      <div className="versions-panel">
        <p>{t('moderation.versions.intro')}</p>
        <section aria-labelledby={`${ids}-current`}>
          <h3 id={`${ids}-current`}>{t('moderation.versions.current')}</h3>
          {group === undefined ? (
            <p>{t('moderation.versions.loading')}</p>
          ) : group === null ? (
            <p data-testid="versions-none">{t('moderation.versions.none')}</p>
          ) : (
            <ul className="versions-panel__group" data-testid="versions-group">
              <li data-video={group.canonical.id} data-role="canonical">
                <Link to={group.canonical.url}>{group.canonical.title}</Link>
                <span className="versions-panel__role">
                  #{group.canonical.id} · {t('moderation.versions.canonical')} ·{' '}
                  {formatDuration(group.canonical.durationSec)}
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() =>
                    run(
                      () => apiClient().versions.ungroup.mutate({ videoId: group.canonical.id }),
                      'moderation.versions.ungrouped',
                    )
                  }
                >
                  {t('moderation.versions.ungroup_all')}
                </button>
              </li>
              {group.members.map((m) => (
                <li key={m.id} data-video={m.id} data-role={m.mode}>
                  <Link to={m.url}>{m.title}</Link>
                  <span className="versions-panel__role">
                    #{m.id} · {t(`moderation.versions.${m.mode === 'redirect' ? 'redirected' : 'listed'}`)} ·{' '}
                    {formatDuration(m.durationSec)}
                    {m.height > 0 ? ` · ${m.height}p` : ''}
                  </span>
                  {m.statusId === 1 && (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      onClick={() =>
                        run(
                          () => apiClient().versions.makeCanonical.mutate({ videoId: m.id }),
                          'moderation.versions.saved',
                        )
                      }
                    >
                      {t('moderation.versions.make_canonical')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    data-testid="versions-ungroup"
                    onClick={() =>
                      run(
                        () => apiClient().versions.ungroup.mutate({ videoId: m.id }),
                        'moderation.versions.ungrouped',
                      )
                    }
                  >
                    {t('moderation.versions.ungroup')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <form className="versions-panel__form" onSubmit={submit}>
          <label className="versions-panel__field">
            <span>{t('moderation.versions.ref_label')}</span>
            <input
              type="text"
              value={ref}
              inputMode="url"
              maxLength={2000}
              placeholder={t('moderation.versions.ref_hint')}
              onChange={(e) => {
                setRef(e.target.value);
                setConfirming(false);
              }}
              data-testid="versions-ref"
              aria-invalid={error !== null}
              required
            />
          </label>
          <fieldset className="versions-panel__modes">
            <legend>{t('moderation.versions.this_is')}</legend>
            {(['canonical', 'version'] as const).map((r) => (
              <label key={r}>
                <input
                  type="radio"
                  name={`${ids}-role`}
                  value={r}
                  checked={role === r}
                  onChange={() => {
                    setRole(r);
                    setConfirming(false);
                  }}
                />{' '}
                {t(`moderation.versions.this_${r}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="versions-panel__modes">
            <legend>{t('moderation.versions.mode_label')}</legend>
            {(['redirect', 'listed'] as const).map((m) => (
              <label key={m}>
                <input
                  type="radio"
                  name={`${ids}-mode`}
                  value={m}
                  checked={mode === m}
                  data-testid={`versions-mode-${m}`}
                  onChange={() => {
                    setMode(m);
                    setConfirming(false);
                  }}
                />{' '}
                {t(`moderation.versions.mode_${m}`)}
              </label>
            ))}
          </fieldset>
          {error && (
            <p className="versions-panel__error" role="alert" data-testid="versions-error">
              {t(error as 'moderation.versions.error.unknown')}
            </p>
          )}
          {confirming && (
            <p role="status" data-testid="versions-confirm-text">
              {t(`moderation.versions.confirm_text_${mode}`, {
                version: versionLabel,
                canonical: canonicalLabel,
              })}
            </p>
          )}
          <div className="versions-panel__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('moderation.close')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              data-testid="versions-submit"
            >
              {confirming ? t('moderation.versions.confirm') : t('moderation.versions.group')}
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
