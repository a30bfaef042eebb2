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
import type { Route } from './+types/moderation-takedowns';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return { records: await context.api.moderation.takedowns({ page: 1 }) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.takedowns.title'), noindex: true });
}

type Field = 'claimant' | 'claimantEmail' | 'work' | 'urls';

/** `/moderation/takedowns/`: record a DMCA/copyright claim, take the named videos down, keep the record. */
export default function ModerationTakedowns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { show } = useToast();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<Record<Field, string>>({
    claimant: '',
    claimantEmail: '',
    work: '',
    urls: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const validate = () => {
    const e: Partial<Record<Field, string>> = {};
    for (const f of ['claimant', 'claimantEmail', 'work', 'urls'] as const)
      if (!values[f].trim()) e[f] = t('form.error.required');
    if (!e.claimantEmail && !EMAIL.test(values.claimantEmail.trim()))
      e.claimantEmail = t('form.error.invalid_email');
    if (!e.claimant && values.claimant.trim().length < 2)
      e.claimant = t('form.error.min_length', { length: 2 });
    if (!e.work && values.work.trim().length < 3) e.work = t('form.error.min_length', { length: 3 });
    return e;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length || submitting) return;
    setSubmitting(true);
    try {
      const r = await apiClient().moderation.createTakedown.mutate({
        claimant: values.claimant.trim(),
        claimantEmail: values.claimantEmail.trim(),
        work: values.work.trim(),
        urls: values.urls.split(/\s+/).filter(Boolean),
      });
      show('success', t('moderation.takedowns.done', { count: r.videoIds.length }));
      setValues({ claimant: '', claimantEmail: '', work: '', urls: '' });
      revalidator.revalidate();
    } catch (err) {
      const code = (err as { data?: { code?: string } }).data?.code;
      if (code === 'no_videos') setErrors({ urls: t('moderation.takedowns.no_videos') });
      else show('error', t('moderation.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field, label: string, multiline = false) => (
    <div className="mod-form__field">
      <label htmlFor={`takedown-${name}`}>{label}</label>
      {multiline ? (
        <textarea
          id={`takedown-${name}`}
          name={name}
          rows={name === 'urls' ? 4 : 2}
          value={values[name]}
          aria-invalid={Boolean(errors[name])}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        />
      ) : (
        <input
          id={`takedown-${name}`}
          name={name}
          type={name === 'claimantEmail' ? 'email' : 'text'}
          value={values[name]}
          aria-invalid={Boolean(errors[name])}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        />
      )}
      {errors[name] && (
        <span className="mod-form__error" role="alert">
          {errors[name]}
        </span>
      )}
    </div>
  );

  return (
    <section className="moderation-takedowns">
      <h1 className="page-title">{t('moderation.takedowns.title')}</h1>
      <form className="mod-form mod-form--panel" onSubmit={submit} noValidate>
        <p>{t('moderation.takedowns.intro')}</p>
        {field('claimant', t('moderation.takedowns.claimant'))}
        {field('claimantEmail', t('moderation.takedowns.claimant_email'))}
        {field('work', t('moderation.takedowns.work'), true)}
        {field('urls', t('moderation.takedowns.urls'), true)}
        <div className="mod-form__actions">
          <button type="submit" className="button button--danger" disabled={submitting}>
            {t('moderation.takedowns.submit')}
          </button>
        </div>
      </form>
      <h2 className="section-title">{t('moderation.takedowns.records')}</h2>
      {loaderData.records.length === 0 ? (
        <EmptyState>{t('moderation.takedowns.empty')}</EmptyState>
      ) : (
        <ModTable>
          <thead>
            <tr>
              <th>{t('moderation.takedowns.date')}</th>
              <th>{t('moderation.takedowns.claimant')}</th>
              <th>{t('moderation.takedowns.work')}</th>
              <th>{t('moderation.takedowns.videos')}</th>
              <th>{t('moderation.takedowns.by')}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.records.map((r) => (
              <tr key={r.id}>
                <td>{formatDate(r.createdAt, lang)}</td>
                <td>
                  {r.claimant}
                  <br />
                  {r.claimantEmail}
                </td>
                <td>{r.work}</td>
                <td>
                  {r.videoIds.map((id) => (
                    <Link key={id} to={`/videos/${id}/`} className="mod-table__id">
                      #{id}
                    </Link>
                  ))}
                </td>
                <td>{r.createdBy ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </ModTable>
      )}
    </section>
  );
}
