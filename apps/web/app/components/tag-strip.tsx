import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { SiteLink } from './site-link';

/** Spec §2: the tag strip shows the first 8 top categories. */
export const TAG_STRIP_CATEGORIES = 8;

/** Under the header: the visitor's country, the configured hardlinks, the top 8 categories and all of them. */
export function TagStrip() {
  const { t } = useTranslation();
  const { shell, network } = useRootData();
  return (
    <nav className="tag-strip" aria-label={t('shell.tags')} data-testid="tag-strip">
      <ul className="tag-strip__list">
        <li>
          <SiteLink
            to="/top-country/1/"
            className="tag-strip__tag tag-strip__tag--country"
            data-testid="country-tag"
          >
            {t('shell.country_tag', { country: shell.countryName })}
          </SiteLink>
        </li>
        {network.hardlinks.map((link) => (
          <li key={link.href}>
            <SiteLink to={link.href} className="tag-strip__tag tag-strip__tag--hard">
              {link.key ? t(link.key as 'nav.videos') : link.title}
            </SiteLink>
          </li>
        ))}
        {shell.categories.slice(0, TAG_STRIP_CATEGORIES).map((category) => (
          <li key={category.dir}>
            <SiteLink to={`/categories/${category.dir}/latest-updates/1/`} className="tag-strip__tag">
              {category.title}
            </SiteLink>
          </li>
        ))}
        <li>
          <SiteLink to="/categories/" className="tag-strip__tag tag-strip__tag--all">
            {t('shell.all_categories')}
          </SiteLink>
        </li>
      </ul>
    </nav>
  );
}
