import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ServerError({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <section className="status-page" data-testid="server-error">
      <title>{t('meta.title_pattern', { title: t('error.500'), site: t('site.name') })}</title>
      <p className="status-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 className="status-page__title">{t('error.500')}</h1>
      <p className="status-page__text">{t('error.500_text')}</p>
      <Link to="/" className="button">
        {t('error.home_link')}
      </Link>
    </section>
  );
}
