import type Database from 'better-sqlite3';
import type { PageVersions, VersionMode } from './video.dto';
import { videoUrl } from './video-row';

export type { PageVersions, VersionMode };

const PUBLIC = (alias: string) => `${alias}.status_id = 1 AND ${alias}.is_private = 0`;

/**
 * SQL condition (on the videos row named `alias`): the video is not a version shown under a public
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
export function createVideoVersions({ sqlite }: { sqlite: Database.Database }) {
  const membership = sqlite.prepare(
    `SELECT vv.mode, c.id, c.title, c.dir FROM video_versions vv JOIN videos c ON c.id = vv.canonical_id
     WHERE vv.video_id = ? AND ${PUBLIC('c')}`,
  );
  const publicMembers = sqlite.prepare(
    `SELECT v.id, v.title, v.dir, v.duration_sec, v.height, vv.mode FROM video_versions vv
       JOIN videos v ON v.id = vv.video_id
     WHERE vv.canonical_id = ? AND ${PUBLIC('v')} ORDER BY v.id`,
  );
  const canonicalPublic = sqlite.prepare(`SELECT 1 FROM videos c WHERE c.id = ? AND ${PUBLIC('c')}`).pluck();
  // CROSS JOIN keeps video_versions (a few rows) as the outer loop: left to the planner, it walked every
  // listed video of the gender by an index, on every uncached listing render.
  const hiddenByFacet = sqlite
    .prepare(
      `SELECT count(*) FROM video_versions vv CROSS JOIN videos v ON v.id = vv.video_id
         CROSS JOIN videos vc ON vc.id = vv.canonical_id
       WHERE ${PUBLIC('v')} AND ${PUBLIC('vc')} AND v.gender = @gender
         AND (@cat = 0 OR EXISTS (SELECT 1 FROM video_categories c WHERE c.video_id = v.id AND c.category_id = @cat))
         AND v.duration_bucket IN (SELECT value FROM json_each(@durations))
         AND (@hd = 0 OR v.is_hd = 1)`,
    )
    .pluck();
  const sumViews = sqlite
    .prepare('SELECT coalesce(sum(video_viewed), 0) FROM videos WHERE id IN (SELECT value FROM json_each(?))')
    .pluck();
  const sumComments = sqlite
    .prepare(
      'SELECT coalesce(sum(comments_count), 0) FROM videos WHERE id IN (SELECT value FROM json_each(?))',
    )
    .pluck();

  type MemberRow = {
    id: number;
    title: string;
    dir: string;
    duration_sec: number;
    height: number;
    mode: VersionMode;
  };

  const api = {
    /** The ids whose views and comments the page of `id` shows: the group's public videos for a canonical. */
    groupIds(id: number): number[] {
      if (!canonicalPublic.get(id)) return [id];
      return [id, ...(publicMembers.all(id) as MemberRow[]).map((m) => m.id)];
    },

    /** Views of the group added up (the canonical page's count); the video's own for anything else. */
    groupViews(ids: number[]): number {
      return Number(sumViews.get(JSON.stringify(ids)));
    },

    /** Comments of the group added up (comments_count of each, as the canonical page lists them all). */
    groupComments(ids: number[]): number {
      return Number(sumComments.get(JSON.stringify(ids)));
    },

    forPage(id: number): PageVersions | null {
      const m = membership.get(id) as
        | { mode: VersionMode; id: number; title: string; dir: string }
        | undefined;
      if (m) {
        return {
          role: 'version',
          versionOf: { mode: m.mode, canonical: { id: m.id, title: m.title, url: videoUrl(m.id, m.dir) } },
        };
      }
      if (!canonicalPublic.get(id)) return null;
      const members = publicMembers.all(id) as MemberRow[];
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
    hiddenInFacet(gender: string, categoryId: number, durations: number[], hdOnly: boolean): number {
      return Number(
        hiddenByFacet.get({
          gender,
          cat: categoryId,
          durations: JSON.stringify(durations),
          hd: hdOnly ? 1 : 0,
        }),
      );
    },
  };
  return api;
}

export type VideoVersions = ReturnType<typeof createVideoVersions>;
