import { useTranslation } from 'react-i18next';
import { SiteLink } from './site-link';

const searchHref = (keyword: string) => `/search/1/?${new URLSearchParams({ s: keyword })}`;

export function TagCloud({ keywords }: { keywords: readonly string[] }) {
  const { t } = useTranslation();
  if (keywords.length === 0) return null;
  return (
    <section className="tag-cloud" aria-labelledby="tag-cloud-title">
      <h2 id="tag-cloud-title" className="tag-cloud__title">
        {t('home.tags')}
      </h2>
      <ul className="tag-cloud__list">
        {keywords.map((keyword) => (
          <li key={keyword}>
            <SiteLink to={searchHref(keyword)} className="chip">
              {keyword}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
