import type { PageVersions, VersionMode } from './video.dto';
import { videoUrl } from './video-row';
import type { VideosRepository } from './videos.repository';

export type { PageVersions, VersionMode };

const PUBLIC = (alias: string) => `${alias}.status_id = 1 AND ${alias}.is_private = 0`;

/**
 * SQL condition (on the videos row named `alias`), for the raw SQL of search and sitemaps (the listings'
 * Kysely twin is listing.repository's `notAVersion`): the video is not a version shown under a public
 * canonical. Listings, search, related lists and sitemaps show a group once, by its canonical (ADR 0035);
 * a version whose canonical is hidden (taken down, private) shows on its own again.
 */
export const notAVersion = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM video_versions vv JOIN videos vc ON vc.id = vv.canonical_id
     WHERE vv.video_id = ${alias}.id AND ${PUBLIC('vc')})`;

type Canonical = Awaited<ReturnType<VideosRepository['canonicalOf']>>;
type Member = Awaited<ReturnType<VideosRepository['publicVersions']>>[number];

/** A version links to its public canonical; a canonical lists its listed versions as alternates. */
function pageVersions(canonical: Canonical, members: Member[]): PageVersions | null {
  if (canonical) {
    return {
      role: 'version',
      versionOf: {
        mode: canonical.mode,
        canonical: { id: canonical.id, title: canonical.title, url: videoUrl(canonical.id, canonical.dir) },
      },
    };
  }
  if (members.length === 0) return null;
  return {
    role: 'canonical',
    alternates: members
      .filter((r) => r.mode === 'listed')
      .map((r) => ({
        id: r.id,
        title: r.title,
        url: videoUrl(r.id, r.dir),
        durationSec: r.duration_sec,
        height: r.height,
      })),
  };
}

const groupIds = (id: number, members: Member[]) => [id, ...members.map((m) => m.id)];

/**
 * The read side of version groups (ADR 0035). Nothing is moved between videos: the canonical page adds up
 * the views and comments of the group's public videos, so ungrouping loses nothing.
 */
export function createVideoVersions({ repository }: { repository: VideosRepository }) {
  const api = {
    /**
     * The ids whose comments the page of `id`, a video its caller has read as listed, shows: the group's
     * public videos for a canonical, the video alone otherwise.
     */
    async listedGroupIds(id: number): Promise<number[]> {
      return groupIds(id, await repository.publicVersions(id));
    },

    /** Views and comments of the group added up (a canonical page's counts; each comment stays on its video). */
    groupSums(ids: number[]): Promise<{ views: number; comments: number }> {
      return repository.sums(ids);
    },

    /**
     * What the page of a video shown but not listed (is_private other than 0 or 1, from legacy data) shows of
     * a group: the public canonical it links to, if any. Only listed videos head a group of their own.
     */
    async ofUnlistedPage(id: number): Promise<PageVersions | null> {
      return pageVersions(await repository.canonicalOf(id), []);
    },

    /**
     * The version group of a video its page has already read as listed: the ids whose views and comments
     * the page shows (as listedGroupIds) and what it shows of the group, in two reads.
     */
    async ofListedPage(id: number): Promise<{ ids: number[]; versions: PageVersions | null }> {
      const [canonical, members] = await Promise.all([
        repository.canonicalOf(id),
        repository.publicVersions(id),
      ]);
      return { ids: groupIds(id, members), versions: pageVersions(canonical, members) };
    },

    /** Versions a facet total (listing_facets) counts but the listing hides. */
    hiddenInFacet(gender: string, categoryId: number, durations: number[], hdOnly: boolean): Promise<number> {
      return repository.hiddenInFacet(gender, categoryId, durations, hdOnly);
    },
  };
  return api;
}

export type VideoVersions = ReturnType<typeof createVideoVersions>;
