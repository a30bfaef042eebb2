import type { Gender } from '@vt/rules';
import { AsyncTtlMemo } from '../../lib/lru-cache';
import type { ModelsRepository } from '../models/models.repository';
import type { PublicCaches } from '../shared/public-caches';
import type { CategoriesRepository } from './categories.repository';
import type { CategoryInfo, MainStats } from './category.dto';

const TOP_CATEGORIES = 40;
const TOP_MODELS = 20;
const KEYWORDS = 100;
/** The header's Categories and Pornstars menus (the tag strip shows the first 8 categories). */
const SHELL_CATEGORIES = 12;
const SHELL_MODELS = 10;

export function createCatalogService({
  categories,
  models,
  caches,
}: {
  categories: CategoriesRepository;
  models: ModelsRepository;
  caches?: PublicCaches;
}) {
  const countryMemo = new AsyncTtlMemo<string[]>(10 * 60_000);
  // Every page shows these; a minute old is fresh enough for a menu.
  const shellMemo = new AsyncTtlMemo<Pick<MainStats, 'categories' | 'models'>>(60_000);
  // Every listing's sidebar and the home page read these: a page rendered for another path or query need
  // not count them again.
  const totalsMemo = new AsyncTtlMemo<CategoryInfo[]>(60_000);
  const mainMemo = new AsyncTtlMemo<MainStats>(60_000);
  // Their counts change with what is listed: a publish or takedown clears them with every other cache.
  caches?.register(() => {
    shellMemo.clear();
    totalsMemo.clear();
    mainMemo.clear();
  });

  const videoTotals = (gender: Gender, lang: string) =>
    totalsMemo.getOrCompute(`videos.${gender}.${lang}`, () => categories.videoTotals(gender, lang));
  // One source for every category count shown (landing, menus, main JSON, index): the listing facets,
  // which the listings' own totals read too, so a count never disagrees with the listing it links to.
  const listCategories = async (gender: Gender, lang: string, limit = 1000): Promise<CategoryInfo[]> =>
    (await videoTotals(gender, lang)).slice(0, limit);
  const listCountries = () =>
    countryMemo.getOrCompute('all', async () => (await categories.viewCountries()).filter((c) => c !== 'xx'));

  return {
    categories: listCategories,

    /** The named categories' titles in the language, in the order asked, unknown dirs left out. */
    async named(dirs: readonly string[], lang: string): Promise<{ dir: string; title: string }[]> {
      const rows = await categories.titled(dirs, lang);
      return dirs.flatMap((d) => rows.filter((r) => r.dir === d));
    },
    countries: listCountries,

    /** Every category with its total for one orientation: `total_videos` counts albums for `albums`. */
    categoriesFor(section: 'videos' | 'albums', gender: Gender, lang: string): Promise<CategoryInfo[]> {
      return section === 'videos'
        ? videoTotals(gender, lang)
        : totalsMemo.getOrCompute(`albums.${gender}.${lang}`, () => categories.albumTotals(gender, lang));
    },

    /** The top categories and models of the header menus and the tag strip. */
    shell(gender: Gender, lang: string): Promise<Pick<MainStats, 'categories' | 'models'>> {
      return shellMemo.getOrCompute(`${gender}.${lang}`, async () => ({
        categories: await listCategories(gender, lang, SHELL_CATEGORIES),
        models: await models.top(gender, SHELL_MODELS),
      }));
    },

    /** The main lists: top categories and models, the keyword cloud (a minute's draw) and the countries. */
    main(gender: Gender, lang: string): Promise<MainStats> {
      return mainMemo.getOrCompute(`${gender}.${lang}`, async () => ({
        categories: await listCategories(gender, lang, TOP_CATEGORIES),
        models: await models.top(gender, TOP_MODELS),
        keywords: await categories.keywordCloud(KEYWORDS),
        countries: await listCountries(),
      }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
