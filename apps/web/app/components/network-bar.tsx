import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { LanguageSelect } from './language-select';
import { OrientationSwitch } from './orientation-switch';

/**
 * The thin bar above the header: the network's sister sites and links (NETWORK_CONFIG), which scroll
 * sideways when they do not fit, then the orientation (in the mobile menu instead on phones) and language.
 */
export function NetworkBar() {
  const { t } = useTranslation();
  const { sisterSites, networkLinks } = useRootData().network;
  const links = [...sisterSites, ...networkLinks];
  return (
    <div className="network-bar">
      <div className="network-bar__inner">
        {links.length > 0 ? (
          <nav className="network-bar__nav" aria-label={t('shell.network')} data-testid="network-links">
            <ul className="network-bar__list">
              {links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} className="network-bar__link" rel="noopener" target="_blank">
                    {link.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <span />
        )}
        <div className="network-bar__choices">
          <OrientationSwitch className="orientation-switch--bar" testId="orientation-switch" />
          <LanguageSelect />
        </div>
      </div>
    </div>
  );
}
