import { useTranslation } from 'react-i18next';
import type { AppLoadContext } from 'react-router';
import { ContactSection } from '../components/contact-section';
import { InfoText } from '../components/info-text';
import { SiteLink } from '../components/site-link';
import { VideoStatement } from '../components/video-statement';
import {
  ADDRESS_SECTIONS,
  INFO_PAGES,
  INFO_RELATED,
  INFO_SLUGS,
  type InfoSlug,
  infoHref,
  infoSectionKey,
} from '../lib/info-pages';
import type { VideoStatementData } from './video-statement.server';

/** `/information/`: every information page with its summary. */
export function InfoIndexPage() {
  const { t } = useTranslation();
  const site = t('site.name');
  return (
    <article className="info-page">
      <h1 className="page-title">{t('info.headline')}</h1>
      <p className="info-page__lead">{t('info.intro', { site })}</p>
      <ul className="info-index" aria-label={t('info.index_label')}>
        {INFO_SLUGS.map((slug) => (
          <li key={slug} className="info-index__item" data-testid="info-index-item">
            <SiteLink to={infoHref(slug)} className="info-index__link">
              <h2 className="info-index__title">{t(`info.pages.${slug}.title`)}</h2>
              <p className="info-index__summary">{t(`info.pages.${slug}.summary`, { site })}</p>
            </SiteLink>
          </li>
        ))}
      </ul>
    </article>
  );
}

type Records2257 = AppLoadContext['records2257'];

/**
 * `/information/{slug}/`: one policy or help page, its sections, and links to related pages. The 2257
 * page takes the operator's settings: the Custodian of Records and the pre-July 3, 1995 statement.
 */
export function InfoPage({
  slug,
  records,
  video,
}: {
  slug: InfoSlug;
  records?: Records2257 | null;
  /** `/information/2257/?video=ID`: that video's own statement (ADR 0036). */
  video?: VideoStatementData | null;
}) {
  const { t } = useTranslation();
  const site = t('site.name');
  const sections = INFO_PAGES[slug].filter(
    (section) => !(records && section === 'exemption' && records.pre1995 === 'none'),
  );
  const operatorText = (section: string): string | null => {
    if (!records) return null;
    if (section === 'custodian' && records.custodian) return records.custodian.join('\n');
    if (section === 'exemption' && records.pre1995 === 'all')
      return t('info.pages.2257.sections.exemption.body_all', { site });
    return null;
  };
  const hasPlaceholders = sections.some(
    (s) => ADDRESS_SECTIONS.has(`${slug}.${s}`) && operatorText(s) === null,
  );
  return (
    <article className="info-page" data-testid={`info-${slug}`}>
      <nav className="breadcrumbs" aria-label={t('info.index_label')}>
        <SiteLink to="/information/">{t('info.title')}</SiteLink>
      </nav>
      <h1 className="page-title">{t(`info.pages.${slug}.title`)}</h1>
      <p className="info-page__lead">{t(`info.pages.${slug}.summary`, { site })}</p>
      {video && <VideoStatement video={video} />}
      {sections.map((section) => {
        const key = infoSectionKey(slug, section);
        const body = operatorText(section) ?? t(`${key}.body`, { site });
        return (
          <section key={section} className="info-section" aria-labelledby={`info-${section}`}>
            <h2 id={`info-${section}`} className="info-section__title">
              {t(`${key}.heading`, { site })}
            </h2>
            {ADDRESS_SECTIONS.has(`${slug}.${section}`) ? (
              <AddressBlock body={body} />
            ) : (
              <InfoText body={body} />
            )}
          </section>
        );
      })}
      {hasPlaceholders && <p className="info-page__note">{t('info.placeholder_note')}</p>}
      {slug === 'help' && <ContactSection />}
      <nav className="info-related" aria-labelledby="info-related-title">
        <h2 id="info-related-title" className="info-section__title">
          {t('info.more')}
        </h2>
        <ul className="info-related__list">
          {INFO_RELATED[slug].map((other) => (
            <li key={other}>
              <SiteLink className="text-link" to={infoHref(other)}>
                {t(`info.pages.${other}.title`)}
              </SiteLink>
            </li>
          ))}
          <li>
            <SiteLink className="text-link" to="/information/">
              {t('info.back')}
            </SiteLink>
          </li>
        </ul>
      </nav>
    </article>
  );
}

/** Operator-supplied lines (custodian, designated agent): an address, then any trailing paragraphs. */
function AddressBlock({ body }: { body: string }) {
  const [address, ...rest] = body.split(/\n\s*\n/);
  return (
    <>
      <address className="info-address">
        {address.split('\n').map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      {rest.length > 0 && <InfoText body={rest.join('\n\n')} />}
    </>
  );
}
