import type { Provenance, VideoDetail } from './dto';

/** Seconds as an ISO 8601 duration (`PT1H2M3S`), the form schema.org and Google expect. */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || (!h && !m) ? `${rest}S` : ''}`;
}

export const embedPath = (video: Pick<VideoDetail, 'id' | 'dir'>) => `/embed/${video.id}/${video.dir}/`;

/**
 * schema.org VideoObject for the video page. The player is the public embed page: the signed, expiring
 * media URLs stay out of anything a crawler stores.
 */
export function videoObject(
  video: VideoDetail,
  origin: string,
  description: string,
  provenance: Provenance | null = null,
) {
  const absolute = (path: string) => new URL(path, origin || 'http://localhost').href;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description,
    ...(video.thumb ? { thumbnailUrl: [absolute(video.thumb)] } : {}),
    uploadDate: new Date(video.postDate * 1000).toISOString(),
    duration: isoDuration(video.durationSec),
    embedUrl: absolute(embedPath(video)),
    // A version's structured data names its group's canonical page (ADR 0035).
    url: absolute(video.versions?.role === 'version' ? video.versions.versionOf.canonical.url : video.url),
    isFamilyFriendly: false,
    ...provenanceFacts(provenance),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.views,
    },
  };
}

/**
 * What the provenance record adds (ADR 0036): dateCreated (an ISO 8601 year; a decade alone is no date),
 * productionCompany and copyrightHolder. Unknown fields are left out, never guessed.
 */
export function provenanceFacts(p: Provenance | null) {
  if (!p) return {};
  const organization = (name: string) => ({ '@type': 'Organization', name });
  return {
    ...(p.year ? { dateCreated: String(p.year) } : {}),
    ...(p.studio ? { productionCompany: organization(p.studio) } : {}),
    ...(p.rightsHolder ? { copyrightHolder: organization(p.rightsHolder) } : {}),
  };
}
