import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ORIENTATIONS, orientationHref } from '../lib/orientation';
import { useRootData } from '../lib/root-data';

/**
 * Straight, gay, shemale: plain links to this page with `?orientation=`, which the server renders and
 * keeps in the `orientation` cookie (ADR 0025). A full page load, since every listing, block, count and
 * menu changes; it works without JavaScript and from a cached page (the key holds the orientation).
 */
export function OrientationSwitch({ className, testId }: { className: string; testId: string }) {
  const { t } = useTranslation();
  const { orientation } = useRootData();
  const { pathname, search } = useLocation();
  return (
    <nav
      className={`orientation-switch ${className}`}
      aria-label={t('shell.orientation')}
      data-testid={testId}
    >
      <ul className="orientation-switch__list">
        {ORIENTATIONS.map((o) => (
          <li key={o}>
            <a
              href={orientationHref(pathname, search, o)}
              className={`orientation-switch__link${o === orientation ? ' orientation-switch__link--active' : ''}`}
              aria-current={o === orientation ? 'true' : undefined}
              data-orientation={o}
            >
              {t(`shell.orientation_${o}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
