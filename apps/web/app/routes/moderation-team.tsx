import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { ModTable } from '../components/moderation/mod-table';
import { useToast } from '../components/toasts';
import { apiClient } from '../lib/api-client';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { requireStaff } from '../lib/staff-only';
import type { Route } from './+types/moderation-team';

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'admin');
  return { staff: await context.api.moderation.staff() };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.team.title'), noindex: true });
}

type Person = Route.ComponentProps['loaderData']['staff'][number];

/** `/moderation/team/`: admins grant and revoke the moderator role. */
export default function ModerationTeam({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const { show } = useToast();
  const revalidator = useRevalidator();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Person[] | null>(null);
  const [error, setError] = useState('');

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return setError(t('form.error.required'));
    setError('');
    setFound(await apiClient().moderation.findMembers.query({ query: q }));
  };
  const setRole = async (person: Person, moderator: boolean) => {
    try {
      await apiClient().moderation.setModerator.mutate({ memberId: person.id, moderator });
      show(
        'success',
        t(moderator ? 'moderation.team.granted' : 'moderation.team.revoked', { name: person.name }),
      );
      setFound(null);
      revalidator.revalidate();
    } catch {
      show('error', t('moderation.failed'));
    }
  };
  const row = (p: Person) => (
    <tr key={p.id} data-testid="team-member">
      <td>{p.name}</td>
      <td>{p.email}</td>
      <td>{t(`moderation.role.${p.role}` as 'moderation.role.member')}</td>
      <td>
        {p.id !== viewer.memberId && p.role === 'moderator' && (
          <button type="button" className="button button--small" onClick={() => setRole(p, false)}>
            {t('moderation.team.revoke')}
          </button>
        )}
        {p.role === 'member' && (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => setRole(p, true)}
          >
            {t('moderation.team.grant')}
          </button>
        )}
      </td>
    </tr>
  );
  return (
    <section className="moderation-team">
      <h1 className="page-title">{t('moderation.team.title')}</h1>
      <ModTable>
        <thead>
          <tr>
            <th>{t('moderation.team.name')}</th>
            <th>{t('moderation.team.email')}</th>
            <th>{t('moderation.team.role')}</th>
            <th />
          </tr>
        </thead>
        <tbody>{loaderData.staff.map(row)}</tbody>
      </ModTable>
      <form className="mod-form mod-form--inline" onSubmit={search}>
        <label className="mod-form__field">
          <span>{t('moderation.team.find')}</span>
          <input
            value={query}
            maxLength={50}
            onChange={(e) => setQuery(e.target.value)}
            aria-invalid={Boolean(error)}
          />
          {error && (
            <span className="mod-form__error" role="alert">
              {error}
            </span>
          )}
        </label>
        <button type="submit" className="button">
          {t('moderation.team.search')}
        </button>
      </form>
      {found && (
        <ModTable>
          <tbody>
            {found.length ? (
              found.map(row)
            ) : (
              <tr>
                <td>{t('moderation.team.none')}</td>
              </tr>
            )}
          </tbody>
        </ModTable>
      )}
    </section>
  );
}
