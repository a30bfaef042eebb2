import { useTranslation } from 'react-i18next';
import { SiteLink } from './site-link';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="status-page" data-testid="not-found">
      <title>{t('meta.title_pattern', { title: t('error.404'), site: t('site.name') })}</title>
      <meta name="description" content={t('error.404_text')} />
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={t('error.404')} />
      <meta property="og:description" content={t('error.404_text')} />
      <meta name="robots" content="noindex" />
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{t('error.404')}</h1>
      <p className="status-page__text">{t('error.404_text')}</p>
      <SiteLink to="/" className="button">
        {t('error.home_link')}
      </SiteLink>
    </section>
  );
}
