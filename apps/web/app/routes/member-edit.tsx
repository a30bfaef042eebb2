import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { AccountSettings } from '../components/account/account-settings';
import { FormError } from '../components/auth/form-error';
import { useFormErrors } from '../components/auth/use-form-errors';
import { ImageUpload } from '../components/profile/image-upload';
import { NotificationSettings } from '../components/profile/notification-settings';
import { useNotify } from '../components/toasts';
import { getI18n, withStrings } from '../lib/i18n';
import { countryName } from '../lib/intl';
import { postForm } from '../lib/legacy-post';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import type { Route } from './+types/member-edit';

const PRIVATE_SECTIONS = [
  'wall',
  'friends',
  'subscriptions',
  'favourites',
  'history',
  'watch_later',
] as const;
const TEXT = { education: 100, city: 100, occupation: 100, interests: 500 } as const;
const CODED = { gender: 3, relationship: 3, orientation: 5 } as const;
const FIELDS = [
  'gender',
  'birth_date',
  'relationship',
  'orientation',
  'education',
  'website',
  'country',
  'city',
  'occupation',
  'interests',
  'about',
] as const;
type Field = (typeof FIELDS)[number];

/** `/member_edit/`: the member's own profile, avatar, cover and privacy. Visitors are sent to `/`. */

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['upload', 'members'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['upload', 'members'], serverLoader);
}

export async function loader({ context }: Route.LoaderArgs) {
  const me = requireMemberPage(context);
  const [{ profile }, main, account] = await Promise.all([
    context.api.members.profile({ id: me }),
    context.api.catalog.main(),
    context.api.account.overview(),
  ]);
  return { profile, countries: main.countries, account };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('member_edit.title'), noindex: true });
}

function Row({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the children, wrapped by the label
    <label className="form-field">
      <span className="form-field__label">{label}</span>
      {children}
      {error && (
        <span className="form-field__error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

export default function MemberEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const { profile, countries } = loaderData;
  const errors = useFormErrors<Field>();
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields: Record<string, string> = { section: 'profile' };
    for (const f of FIELDS) fields[f] = String(data.get(f) ?? '');
    errors.clear();
    setBusy(true);
    const r = await postForm('/api/member.php', fields);
    setBusy(false);
    if (!r.ok) return errors.fromResult(r, FIELDS);
    notify(r);
    revalidator.revalidate();
  };

  const savePrivacy = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const r = await postForm('/api/member.php', {
      section: 'privacy',
      private_sections: data.getAll('private').join(','),
    });
    notify(r);
  };

  const input = (
    name: (typeof FIELDS)[number],
    value: string | null,
    props: Record<string, unknown> = {},
  ) => <input className="input form-field__input" name={name} defaultValue={value ?? ''} {...props} />;
  const coded = (name: keyof typeof CODED) => (
    <Row label={t(`member.field.${name}`)} error={errors.fields[name]}>
      <select className="select form-field__input" name={name} defaultValue={profile[name] ?? ''}>
        <option value="">{t('member_edit.none')}</option>
        {Array.from({ length: CODED[name] }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t(`community.${name}.${n}` as 'community.gender.1')}
          </option>
        ))}
      </select>
    </Row>
  );

  return (
    <div className="member-edit">
      <h1 className="page-title">{t('member_edit.title')}</h1>
      <section className="member-edit__images">
        <div>
          <h2 className="section-title">{t('member_edit.avatar')}</h2>
          <ImageUpload kind="avatar" current={profile.avatar} />
        </div>
        <div>
          <h2 className="section-title">{t('member_edit.cover')}</h2>
          <ImageUpload kind="cover" current={profile.cover} />
        </div>
      </section>
      <form className="auth-form member-edit__form" onSubmit={save} noValidate data-testid="profile-form">
        <h2 className="section-title">{t('member_edit.profile')}</h2>
        {coded('gender')}
        <Row label={t('member_edit.birth_date')} error={errors.fields.birth_date}>
          {input('birth_date', profile.birthDate, { type: 'date' })}
        </Row>
        {coded('relationship')}
        {coded('orientation')}
        <Row label={t('member.field.country')} error={errors.fields.country}>
          <select className="select form-field__input" name="country" defaultValue={profile.country ?? ''}>
            <option value="">{t('member_edit.none')}</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c, lang)}
              </option>
            ))}
          </select>
        </Row>
        {(Object.keys(TEXT) as (keyof typeof TEXT)[]).map((name) => (
          <Row key={name} label={t(`member.field.${name}`)} error={errors.fields[name]}>
            {input(name, profile[name], { maxLength: TEXT[name] })}
          </Row>
        ))}
        <Row label={t('member.field.website')} error={errors.fields.website}>
          {input('website', profile.website, { type: 'url', maxLength: 200, placeholder: 'https://' })}
        </Row>
        <Row label={t('member.field.about')} error={errors.fields.about}>
          <textarea
            className="input comment-form__text"
            name="about"
            rows={4}
            maxLength={1000}
            defaultValue={profile.about ?? ''}
          />
        </Row>
        <FormError text={errors.form} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('member_edit.saving') : t('member_edit.save')}
        </button>
      </form>
      <form className="auth-form member-edit__form" onSubmit={savePrivacy} data-testid="privacy-form">
        <h2 className="section-title">{t('member_edit.privacy')}</h2>
        <p>{t('member_edit.privacy_hint')}</p>
        {PRIVATE_SECTIONS.map((s) => (
          <label key={s} className="filter filter--checkbox">
            <input
              type="checkbox"
              name="private"
              value={s}
              defaultChecked={profile.privateSections.includes(s)}
            />
            <span>{t(`member_edit.section.${s}`)}</span>
          </label>
        ))}
        <button type="submit" className="button">
          {t('member_edit.privacy_save')}
        </button>
      </form>
      <NotificationSettings />
      <AccountSettings account={loaderData.account} lang={lang} />
    </div>
  );
}
