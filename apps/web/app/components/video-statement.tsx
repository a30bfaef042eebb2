import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoStatementData } from '../pages/video-statement.server';

/**
 * One video's 2257 statement, from its provenance record (ADR 0036): produced before July 3, 1995 → the
 * exemption; later (or possibly later) → the records and their reference, kept by the custodian the page
 * names below; no production date → a neutral statement that the page's general text applies.
 */
export function VideoStatement({ video }: { video: VideoStatementData }) {
  const { t } = useTranslation();
  const { record, basis } = video.provenance;
  const by = record?.year ? 'year' : 'decade';
  const body =
    basis === 'unknown'
      ? t('info.pages.2257.video.unknown', { site: t('site.name') })
      : t(`info.pages.2257.video.${basis}_${by}` as 'info.pages.2257.video.exempt_year', {
          year: record?.year,
          decade: record?.decade,
        });
  return (
    <section
      className="info-video-statement"
      aria-labelledby="info-video"
      data-testid="video-statement"
      data-basis={basis}
    >
      <h2 id="info-video" className="info-section__title">
        {t('info.pages.2257.video.heading', { title: video.title })}
      </h2>
      <p>{body}</p>
      {basis === 'records' && record?.recordsRef && (
        <p className="info-video-statement__ref" data-testid="records-ref">
          {t('info.pages.2257.video.reference', { ref: record.recordsRef })}
        </p>
      )}
      <Link className="text-link" to={video.url}>
        {t('info.pages.2257.video.back')}
      </Link>
    </section>
  );
}
