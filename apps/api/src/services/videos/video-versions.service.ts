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

/**
 * The read side of version groups (ADR 0035). Nothing is moved between videos: the canonical page adds up
 * the views and comments of the group's public videos, so ungrouping loses nothing.
 */
export function createVideoVersions({ repository }: { repository: VideosRepository }) {
  const api = {
    /** The ids whose views and comments the page of `id` shows: the group's public videos for a canonical. */
    async groupIds(id: number): Promise<number[]> {
      if (!(await repository.isListed(id))) return [id];
      return [id, ...(await repository.publicVersions(id)).map((m) => m.id)];
    },

    /** Views of the group added up (the canonical page's count); the video's own for anything else. */
    async groupViews(ids: number[]): Promise<number> {
      return (await repository.sums(ids)).views;
    },

    /** Comments of the group added up (comments_count of each, as the canonical page lists them all). */
    async groupComments(ids: number[]): Promise<number> {
      return (await repository.sums(ids)).comments;
    },

    async forPage(id: number): Promise<PageVersions | null> {
      const m = await repository.canonicalOf(id);
      if (m) {
        return {
          role: 'version',
          versionOf: { mode: m.mode, canonical: { id: m.id, title: m.title, url: videoUrl(m.id, m.dir) } },
        };
      }
      if (!(await repository.isListed(id))) return null;
      const members = await repository.publicVersions(id);
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
    },

    /** Versions a facet total (listing_facets) counts but the listing hides. */
    hiddenInFacet(gender: string, categoryId: number, durations: number[], hdOnly: boolean): Promise<number> {
      return repository.hiddenInFacet(gender, categoryId, durations, hdOnly);
    },
  };
  return api;
}

export type VideoVersions = ReturnType<typeof createVideoVersions>;
