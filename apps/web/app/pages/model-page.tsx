import { abbreviateCount } from '@vt/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubscribeButton } from '../components/actions/subscribe-button';
import { WallForm } from '../components/actions/wall-form';
import { EmptyState } from '../components/empty-state';
import { ModelPortrait } from '../components/model-grid';
import { Pagination } from '../components/pagination';
import { SiteLink } from '../components/site-link';
import { AttributeList, StatList } from '../components/stat-lists';
import { ThumbGrid } from '../components/thumb-grid';
import { WallPosts } from '../components/wall-posts';
import { modelHref, modelInfoHref, modelVideosHref, modelWallHref } from '../lib/models';
import { useRootData } from '../lib/root-data';
import type { ModelPageData, ModelTab, NamedModel } from './model-page.server';

function ModelHeader({ model }: { model: NamedModel }) {
  const { t } = useTranslation();
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
        {model.country && <p className="model-header__country">{model.countryName}</p>}
        <StatList stats={stats} testId="model-stats" />
        <div className="member-actions">
          <SubscribeButton section="model" objectId={model.id} />
        </div>
      </div>
    </header>
  );
}

function ModelTabs({ model, tab }: { model: NamedModel; tab: ModelTab }) {
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
            <SiteLink
              to={href}
              className={`tabs__link${key === tab ? ' tabs__link--active' : ''}`}
              aria-current={key === tab ? 'page' : undefined}
              keepScroll
            >
              {t(`model.tab.${key}`)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The model's attributes in spec §3 order; unknown values are left out. */
function Attributes({ model }: { model: NamedModel }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [];
  const add = (label: string, value: ReactNode | null) => {
    if (value !== null && value !== undefined) rows.push([label, value]);
  };
  add(t('model.country'), model.countryName);
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
  return <AttributeList rows={rows} testId="model-attributes" />;
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
                <SiteLink to={modelVideosHref(model.dir)} className="button">
                  {t('model.all_videos', { name: model.title })}
                </SiteLink>
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

function Info({ model }: { model: NamedModel }) {
  const { t } = useTranslation();
  return (
    <section className="model-page__section">
      <h2 className="section-title">{t('model.about', { name: model.title })}</h2>
      {model.description && <p className="model-page__description">{model.description}</p>}
      <Attributes model={model} />
    </section>
  );
}

function ModelWallForm({ modelId }: { modelId: number }) {
  const { viewer } = useRootData();
  return viewer.memberId !== null ? <WallForm section="model" objectId={modelId} /> : null;
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
      {data.tab === 'wall' && <ModelWallForm modelId={data.model.id} />}
      {data.tab === 'wall' && (
        <WallPosts
          wall={data.wall}
          page={data.page}
          href={(n) => modelWallHref(data.model.dir, n)}
          lang={lang}
        />
      )}
      {data.tab === 'videos' && <Videos data={data} />}
    </article>
  );
}
