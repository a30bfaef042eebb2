import { formatDuration } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../lib/dto';
import { SiteLink } from './site-link';

/** "Version of <canonical>" on a listed alternate's page (ADR 0035). */
export function VersionOf({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  if (video.versions?.role !== 'version') return null;
  const { canonical } = video.versions.versionOf;
  return (
    <p className="video-versions__of" data-testid="version-of">
      {t('video.versions.of')} <SiteLink to={canonical.url}>{canonical.title}</SiteLink>
    </p>
  );
}

/** The canonical page's "Other versions": each listed alternate's title, duration, quality and link. */
export function OtherVersions({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  if (video.versions?.role !== 'canonical' || video.versions.alternates.length === 0) return null;
  return (
    <section className="video-versions" aria-labelledby="other-versions-title" data-testid="other-versions">
      <h2 id="other-versions-title" className="section-title">
        {t('video.versions.other')}
      </h2>
      <ul className="video-versions__list">
        {video.versions.alternates.map((a) => (
          <li key={a.id} className="video-versions__item">
            <SiteLink to={a.url} className="video-versions__title">
              {a.title}
            </SiteLink>
            <span className="video-versions__facts">
              <span>{formatDuration(a.durationSec)}</span>
              {a.height > 0 && <span>{t('video.versions.quality', { height: a.height })}</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
