import { isLang } from '@vt/i18n';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../components/auth/form-error';
import { apiClient } from '../lib/api-client';
import { errorText } from '../lib/form-errors';
import { getI18n, withStrings } from '../lib/i18n';
import { formatDate } from '../lib/intl';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/appeal';

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['upload'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['upload'], serverLoader);
}

const STATEMENT_MIN = 10;
const STATEMENT_MAX = 2000;
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

type Removal = { videoId: number; title: string; reason: string; removedAt: number; status: string | null };

/**
 * `/appeal/` (ADR 0037): `?video={id}` for the uploader of a removed video (signed in; another member's or
 * a video that was not removed shows the same "not valid" text), `?token=…` from the mail that declined a
 * removal request (no account needed; the page shows nothing about the request, so a cached copy tells
 * nobody anything and a wrong token is only found out on sending).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const token = q.get('token');
  if (token !== null)
    return { mode: 'token' as const, token: TOKEN.test(token) ? token : null, removal: null };
  requireMemberPage(context);
  const videoId = Number(q.get('video'));
  let removal: Removal | null = null;
  if (Number.isInteger(videoId) && videoId > 0) {
    const r = await context.api.appeals.removal({ videoId }).catch(() => null);
    if (r) {
      const { t } = getI18n(isLang(context.lang) ? context.lang : 'en');
      removal = {
        videoId: r.videoId,
        title: r.title,
        reason: t(`moderation.subject.${r.reason}` as 'moderation.subject.other', { defaultValue: r.reason }),
        removedAt: r.removedAt,
        status: r.appeal?.status ?? null,
      };
    }
  }
  return { mode: 'removal' as const, token: null, removal };
}

/** The mailed link carries a secret: no browser, proxy or page cache keeps this page (ADR 0037). */
export function headers(): HeadersInit {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('notification.appeal.title'), noindex: true });
}

export default function AppealPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const id = useId();
  const { mode, token, removal } = loaderData;
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>(removal?.status ? 'sent' : 'idle');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(mode === 'token' ? token === null : removal === null);
  const sending = useRef(false);
  const hydrated = useHydrated();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const statement = String(new FormData(event.currentTarget).get('statement') ?? '').trim();
    const length = [...statement].length;
    if (length < STATEMENT_MIN || length > STATEMENT_MAX) {
      setError(
        errorText(
          t,
          length < STATEMENT_MIN
            ? { code: 'statement_too_short', info: { length: STATEMENT_MIN } }
            : { code: 'too_long', info: { length: STATEMENT_MAX } },
        ),
      );
      return;
    }
    sending.current = true;
    setState('sending');
    setError(null);
    try {
      const api = apiClient().appeals;
      if (mode === 'token' && token) await api.appealRejection.mutate({ token, statement });
      else if (removal) await api.appealRemoval.mutate({ videoId: removal.videoId, statement });
      setState('sent');
    } catch (err) {
      const code = (err as { data?: { code?: string } }).data?.code ?? 'unknown';
      if (code === 'not_found') setInvalid(true);
      else setError(errorText(t, { code }));
      setState('idle');
    } finally {
      sending.current = false;
    }
  };

  return (
    <section className="info-page appeal-page">
      <h1 className="page-title">{t('notification.appeal.title')}</h1>
      {invalid ? (
        <p className="form-error" role="alert" data-testid="appeal-invalid">
          {t('notification.appeal.invalid')}
        </p>
      ) : state === 'sent' ? (
        <p role="status" data-testid="appeal-sent">
          {removal?.status && removal.status !== 'open'
            ? t(`notification.appeal.status.${removal.status}` as 'notification.appeal.status.open')
            : removal?.status
              ? t('notification.appeal.status.open')
              : t('notification.appeal.sent')}
        </p>
      ) : (
        <form
          className="contact__form"
          onSubmit={submit}
          noValidate
          data-testid="appeal-form"
          data-hydrated={hydrated ? 'true' : 'false'}
        >
          <p>
            {removal
              ? t('notification.appeal.removal_intro', {
                  title: removal.title,
                  date: formatDate(removal.removedAt, lang),
                  reason: removal.reason,
                })
              : t('notification.appeal.rejection_intro')}
          </p>
          <div className={`form-field${error ? ' form-field--error' : ''}`}>
            <label htmlFor={`${id}-statement`} className="form-field__label">
              {t('notification.appeal.statement')}
            </label>
            <textarea
              id={`${id}-statement`}
              name="statement"
              rows={6}
              maxLength={STATEMENT_MAX}
              className="input form-field__input"
              aria-describedby={`${id}-hint`}
              aria-invalid={error ? true : undefined}
            />
            <small id={`${id}-hint`} className="contact__hint">
              {t('notification.appeal.statement_hint', { min: STATEMENT_MIN, max: STATEMENT_MAX })}
            </small>
          </div>
          <FormError text={error} />
          <button type="submit" className="button button--primary" disabled={state === 'sending'}>
            {t('notification.appeal.send')}
          </button>
        </form>
      )}
    </section>
  );
}
