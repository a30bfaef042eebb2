import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicProvenance } from '../lib/dto';
import { DEFAULT_FILTERS, listingHref } from '../lib/listing-filters';
import { SiteLink } from './site-link';

/** The 2257 page with this video's own statement (ADR 0036). */
export const statementHref = (videoId: number) => `/information/2257/?video=${videoId}`;

/**
 * Under the video details: when it was produced (year, else decade, linking the decade's listing), by
 * whom and on what, and a link to its own 2257 statement, which every public video has.
 */
export function ProvenanceBlock({
  provenance,
  videoId,
}: {
  provenance: PublicProvenance | null;
  videoId: number;
}) {
  const { t } = useTranslation();
  const p = provenance?.record ?? null;
  const decade = p?.decade ?? null;
  const facts: [string, ReactNode][] = [];
  if (decade !== null)
    facts.push([
      t('provenance.produced'),
      <SiteLink key="d" to={listingHref('latest-updates', 1, { ...DEFAULT_FILTERS, decade })}>
        {p?.year ?? t('filter.decade.value', { decade })}
      </SiteLink>,
    ]);
  if (p?.studio) facts.push([t('provenance.field.studio'), p.studio]);
  if (p?.originalFormat)
    facts.push([
      t('provenance.field.originalFormat'),
      t(`provenance.format.${p.originalFormat}` as 'provenance.format.vhs'),
    ]);
  return (
    <section className="provenance" aria-labelledby="provenance-title" data-testid="provenance">
      <h2 id="provenance-title" className="provenance__title">
        {t('provenance.title')}
      </h2>
      {facts.length > 0 && (
        <dl className="provenance__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <SiteLink className="text-link provenance__statement" to={statementHref(videoId)} rel="nofollow">
        {t('provenance.statement_link')}
      </SiteLink>
    </section>
  );
}
