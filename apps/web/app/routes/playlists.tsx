import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { PlaylistGrid } from '../components/playlist-grid';
import { SiteLink } from '../components/site-link';
import { notFound } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parsePage } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import type { Route } from './+types/playlists';

const strings = routeStrings('members');
export const handle = { strings };

const SORTS = ['most-popular', 'recent'] as const;
type Sort = (typeof SORTS)[number];
const isSort = (s: string | undefined): s is Sort => (SORTS as readonly string[]).includes(s ?? '');

/** `/playlists/{sort}/{page}/`; `/playlists/` → most-popular page 1, `/playlists/{sort}/` → page 1. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (params.sort === undefined) throw redirect('/playlists/most-popular/1/', 301);
  if (!isSort(params.sort)) throw redirect('/404/', 302);
  if (params.page === undefined) throw redirect(`/playlists/${params.sort}/1/`, 301);
  const page = parsePage(params.page) ?? notFound();
  const listing = await context.api.playlists.list({ sort: params.sort, page });
  return { sort: params.sort, page, listing };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    orientation,
    title: t(`playlists.headline.${loaderData.sort}`),
    description: t(`playlists.seo_sort.${loaderData.sort}`),
    canonical: `${origin}/playlists/${loaderData.sort}/${loaderData.page}/`,
    page: loaderData.page,
  });
}

export default function Playlists({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { t } = useTranslation();
  const { sort, page, listing } = loaderData;
  return (
    <div className="listing">
      <h1 className="page-title">{t(`playlists.headline.${sort}`)}</h1>
      <nav aria-label={t('sort.label')}>
        <ul className="tabs">
          {SORTS.map((s) => (
            <li key={s}>
              <SiteLink
                to={`/playlists/${s}/1/`}
                className={`tabs__link${s === sort ? ' tabs__link--active' : ''}`}
                aria-current={s === sort ? 'page' : undefined}
              >
                {t(`playlists.sort.${s}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      {listing.items.length > 0 ? (
        <>
          <PlaylistGrid playlists={listing.items} label={t(`playlists.headline.${sort}`)} />
          <Pagination page={page} pages={listing.pages} href={(n) => `/playlists/${sort}/${n}/`} />
        </>
      ) : (
        <EmptyState>{t('playlists.empty')}</EmptyState>
      )}
      <section className="seo-text">
        <p>{t(`playlists.seo_sort.${sort}`)}</p>
      </section>
    </div>
  );
}
