import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { RTA_INFO_URL } from '../lib/site-constants';
import { ContactLink } from './contact/contact-link';
import { SiteLink } from './site-link';

const INFO_LINKS = [
  { key: 'footer.terms', to: '/information/terms/' },
  { key: 'footer.privacy', to: '/information/privacy/' },
  { key: 'footer.cookies', to: '/information/cookies_policy/' },
  { key: 'footer.2257', to: '/information/2257/' },
  { key: 'info.pages.dmca.title', to: '/information/dmca/' },
  { key: 'info.pages.content-removal.title', to: '/information/content-removal/' },
  { key: 'info.pages.faq.title', to: '/information/faq/' },
  { key: 'footer.help', to: '/information/help/' },
  // Opens the contact modal; a new tab or a browser without scripts gets the help page's contact section.
  { key: 'footer.contact', to: '/information/help/#contact' },
  { key: 'sitemap.title', to: '/sitemap-page/' },
] as const;

/** The footer's id: the first paint waits until the parser has read it (root.tsx, `rel="expect"`). */
export const SITE_FOOTER_ID = 'site-footer';

export function SiteFooter({ year }: { year: number }) {
  const { t } = useTranslation();
  const { partnerLinks } = useRootData().network;
  return (
    <footer
      className="site-footer"
      // Server only, like the link that waits for it: the browser's bundle has no room for it.
      id={import.meta.env.SSR ? SITE_FOOTER_ID : undefined}
    >
      <div className="site-footer__inner">
        <nav aria-label={t('footer.info')}>
          <ul className="site-footer__links">
            {INFO_LINKS.map((link) => (
              <li key={link.to}>
                {link.key === 'footer.contact' ? (
                  <ContactLink>{t(link.key)}</ContactLink>
                ) : (
                  <SiteLink to={link.to}>{t(link.key)}</SiteLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {partnerLinks.length > 0 && (
          <nav aria-label={t('shell.partners')} className="site-footer__partners" data-testid="partner-links">
            <p className="site-footer__heading">{t('shell.partners')}</p>
            <ul className="site-footer__links">
              {partnerLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener" target="_blank">
                    {link.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <p className="site-footer__notice">
          {t('footer.rta')}{' '}
          <a href={RTA_INFO_URL} rel="noopener noreferrer" target="_blank">
            {t('footer.rta_link')}
          </a>
        </p>
        <p className="site-footer__notice">{t('footer.adults')}</p>
        <p className="site-footer__copyright">{t('footer.copyright', { year, site: t('site.name') })}</p>
      </div>
    </footer>
  );
}
