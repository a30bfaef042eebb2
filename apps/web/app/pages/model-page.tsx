import { abbreviateCount } from '@vt/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ModelPortrait } from '../components/model-grid';
import { Pagination } from '../components/pagination';
import { ThumbGrid } from '../components/thumb-grid';
import type { ModelDetail } from '../lib/dto';
import { countryName, formatDate, isoDate } from '../lib/intl';
import { modelHref, modelInfoHref, modelVideosHref, modelWallHref } from '../lib/models';
import type { ModelPageData, ModelTab } from './model-page.server';

function ModelHeader({ model }: { model: ModelDetail }) {
  const { t, i18n } = useTranslation();
  const stats: [string, string][] = [
    [t('model.stat.videos'), abbreviateCount(model.videos)],
    [t('model.stat.viewed'), abbreviateCount(model.viewed)],
    [t('model.stat.subscribers'), abbreviateCount(model.subscribers)],
    [t('model.stat.albums'), abbreviateCount(model.albums)],
  ];
  return (
    <header className="model-header">
      <div className="model-header__portrait">
        <ModelPortrait model={model} className="model-header__image" />
      </div>
      <div className="model-header__body">
        <h1 className="page-title model-header__name">{model.title}</h1>
        {model.country && (
          <p className="model-header__country">{countryName(model.country, i18n.language)}</p>
        )}
        <dl className="model-stats" data-testid="model-stats">
          {stats.map(([label, value]) => (
            <div key={label} className="model-stats__item">
              <dt className="model-stats__label">{label}</dt>
              <dd className="model-stats__value">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}

function ModelTabs({ model, tab }: { model: ModelDetail; tab: ModelTab }) {
  const { t } = useTranslation();
  const tabs: [ModelTab, string][] = [
    ['overview', modelHref(model.dir)],
    ['info', modelInfoHref(model.dir)],
    ['wall', modelWallHref(model.dir)],
    ['videos', modelVideosHref(model.dir)],
  ];
  return (
    <nav aria-label={t('model.tabs_label')} className="model-tabs">
      <ul className="tabs">
        {tabs.map(([key, href]) => (
          <li key={key}>
            <Link
              to={href}
              className={`tabs__link${key === tab ? ' tabs__link--active' : ''}`}
              aria-current={key === tab ? 'page' : undefined}
              preventScrollReset
            >
              {t(`model.tab.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The model's attributes in spec §3 order; unknown values are left out. */
function Attributes({ model }: { model: ModelDetail }) {
  const { t, i18n } = useTranslation();
  const rows: [string, ReactNode][] = [];
  const add = (label: string, value: ReactNode | null) => {
    if (value !== null && value !== undefined) rows.push([label, value]);
  };
  add(t('model.country'), model.country ? countryName(model.country, i18n.language) : null);
  add(t('models.filter.race'), model.race ? t(`models.race.${model.race}`) : null);
  add(t('models.filter.age'), model.age ? t(`models.age.${model.age}` as 'models.age.1') : null);
  add(t('models.filter.tits_size'), model.titsSize ? t(`models.tits_size.${model.titsSize}`) : null);
  add(
    t('models.filter.hair_color'),
    model.hairColor ? t(`models.hair_color.${model.hairColor}` as 'models.hair_color.1') : null,
  );
  add(
    t('models.filter.height'),
    model.height ? t(`models.height.${model.height}` as 'models.height.1') : null,
  );
  add(
    t('models.filter.weight'),
    model.weight ? t(`models.weight.${model.weight}` as 'models.weight.1') : null,
  );
  add(
    t('models.filter.tattoo'),
    model.tattoo ? t(`models.tattoo.${model.tattoo}` as 'models.tattoo.1') : null,
  );
  add(
    t('models.filter.piercing'),
    model.piercing ? t(`models.piercing.${model.piercing}` as 'models.piercing.1') : null,
  );
  add(
    t('model.active'),
    model.activeFrom ? t('model.active_years', { from: model.activeFrom, to: model.activeTo ?? '' }) : null,
  );
  return (
    <dl className="model-attributes" data-testid="model-attributes">
      {rows.map(([label, value]) => (
        <div key={label} className="model-attributes__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Overview({ data }: { data: ModelPageData }) {
  const { t } = useTranslation();
  const { model, videos } = data;
  return (
    <>
      {model.description && <p className="model-page__description">{model.description}</p>}
      <section className="model-page__section">
        <h2 className="section-title">{t('model.latest_videos')}</h2>
        {videos && videos.items.length > 0 ? (
          <>
            <ThumbGrid videos={videos.items} label={t('model.latest_videos')} />
            {videos.totalCount > videos.items.length && (
              <p className="model-page__more">
                <Link to={modelVideosHref(model.dir)} className="button">
                  {t('model.all_videos', { name: model.title })}
                </Link>
              </p>
            )}
          </>
        ) : (
          <EmptyState>{t('listing.empty.videos')}</EmptyState>
        )}
      </section>
    </>
  );
}

function Info({ model }: { model: ModelDetail }) {
  const { t } = useTranslation();
  return (
    <section className="model-page__section">
      <h2 className="section-title">{t('model.about', { name: model.title })}</h2>
      {model.description && <p className="model-page__description">{model.description}</p>}
      <Attributes model={model} />
    </section>
  );
}

function Wall({ data, lang }: { data: ModelPageData; lang: string }) {
  const { t } = useTranslation();
  const { model, wall, page } = data;
  if (!wall || wall.items.length === 0) return <EmptyState>{t('model.wall_empty')}</EmptyState>;
  return (
    <section className="model-page__section">
      <ol className="wall" aria-label={t('model.wall_label')}>
        {wall.items.map((post) => (
          <li key={post.id} className="wall__post" data-testid="wall-post">
            <p className="wall__meta">
              <strong className="wall__author">{post.author.name}</strong>
              <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt, lang)}</time>
            </p>
            <p className="wall__body">{post.body}</p>
          </li>
        ))}
      </ol>
      <Pagination page={page} pages={wall.pages} href={(n) => modelWallHref(model.dir, n)} />
    </section>
  );
}

function Videos({ data }: { data: ModelPageData }) {
  const { t } = useTranslation();
  const { model, videos, page } = data;
  if (!videos || videos.items.length === 0) return <EmptyState>{t('listing.empty.videos')}</EmptyState>;
  return (
    <section className="model-page__section">
      <ThumbGrid videos={videos.items} label={t('model.headline.videos', { name: model.title })} />
      <Pagination page={page} pages={videos.pages} href={(n) => modelVideosHref(model.dir, n)} />
    </section>
  );
}

export function ModelPage({ data, lang }: { data: ModelPageData; lang: string }) {
  return (
    <article className="model-page" data-testid="model-page">
      <ModelHeader model={data.model} />
      <ModelTabs model={data.model} tab={data.tab} />
      {data.tab === 'overview' && <Overview data={data} />}
      {data.tab === 'info' && <Info model={data.model} />}
      {data.tab === 'wall' && <Wall data={data} lang={lang} />}
      {data.tab === 'videos' && <Videos data={data} />}
    </article>
  );
}
