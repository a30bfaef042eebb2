import { getI18n } from '../lib/i18n';
import { modelHref, modelInfoHref, modelVideosHref, modelWallHref } from '../lib/models';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { routeStrings, useStrings } from '../lib/use-strings';
import { ModelPage } from '../pages/model-page';
import { loadModelPage } from '../pages/model-page.server';
import type { Route } from './+types/model';

const strings = routeStrings('models');
export const handle = { strings };

/** `/model/{dir}/` and its children `info/`, `wall/{page}/`, `videos/{page}/`. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadModelPage(context, params);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const { model, tab, page } = loaderData;
  const canonical = {
    overview: modelHref(model.dir),
    info: modelInfoHref(model.dir),
    wall: modelWallHref(model.dir, page),
    videos: modelVideosHref(model.dir, page),
  }[tab];
  return pageMeta(t, {
    lang,
    orientation,
    type: 'profile',
    title: tab === 'overview' ? model.title : t(`model.headline.${tab}`, { name: model.title }),
    description:
      model.description ||
      t('model.meta_description', {
        name: model.title,
        videos: model.videos,
        site: t('site.name'),
      }),
    canonical: `${origin}${canonical}`,
    page: tab === 'wall' || tab === 'videos' ? page : undefined,
    image: model.scr ? new URL(model.scr, origin || 'http://localhost').href : undefined,
  });
}

export default function Model({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { lang } = useRootData();
  return <ModelPage data={loaderData} lang={lang} />;
}
