import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { PublishService } from '../videos/publish.service';
import type { Removals } from './removals.service';

export interface TakedownClaim {
  claimant: string;
  claimantEmail: string;
  /** The copyrighted work, as the claimant describes it. */
  work: string;
  urls: string[];
  reportId?: number;
}

// A video is named by its page, its embed player or its JSON: /videos/{id}/…, /embed/{id}/…, …/{id}.json
const VIDEO_URL = /\/(?:videos|embed)\/(\d{1,10})(?:\/|$)|\/api\/json\/video\/\d+\/\d+\/(\d{1,10})\.json/;

/** The site's videos a list of URLs points at (other hosts' URLs are kept in the record but match nothing). */
export function videoIdsOf(urls: readonly string[], origin: string): number[] {
  const host = new URL(origin).host;
  const ids = new Set<number>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw.trim(), origin);
    } catch {
      continue;
    }
    if (url.host !== host) continue;
    const m = VIDEO_URL.exec(url.pathname);
    const id = Number(m?.[1] ?? m?.[2]);
    if (id > 0) ids.add(id);
  }
  return [...ids];
}

/** DMCA and other copyright claims: the record is kept after the content is gone. */
export function createTakedowns({
  sqlite,
  clock,
  origin,
  publish,
  audit,
  notifications,
  removals,
}: {
  sqlite: Database.Database;
  clock: Clock;
  origin: string;
  publish: PublishService;
  audit: AuditLog;
  notifications: Notifications;
  removals: Pick<Removals, 'recorded'>;
}) {
  return {
    create(actorId: number, claim: TakedownClaim): { id: number; videoIds: number[] } {
      const candidates = videoIdsOf(claim.urls, origin);
      const found = sqlite
        .prepare(
          'SELECT id, title, status_id, uploader_id FROM videos WHERE id IN (SELECT value FROM json_each(?))',
        )
        .all(JSON.stringify(candidates)) as {
        id: number;
        title: string;
        status_id: number;
        uploader_id: number | null;
      }[];
      if (found.length === 0)
        throw new AppError('no_videos', {
          status: 400,
          field: 'urls',
          message: 'None of these URLs is a video of this site',
        });
      const videoIds = found.map((v) => v.id);
      const id = sqlite.transaction(() => {
        const takedownId = Number(
          sqlite
            .prepare(
              `INSERT INTO takedowns (claimant, claimant_email, work, urls, video_ids, report_id, created_by, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              claim.claimant,
              claim.claimantEmail,
              claim.work,
              JSON.stringify(claim.urls),
              JSON.stringify(videoIds),
              claim.reportId ?? null,
              actorId,
              clock.now(),
            ).lastInsertRowid,
        );
        sqlite
          .prepare(
            `UPDATE reports SET status = 'actioned', resolution = 'taken_down', resolved_at = ?, resolved_by = ?
             WHERE status = 'open' AND (id = ? OR (target_section = 'video' AND target_id IN (SELECT value FROM json_each(?))))`,
          )
          .run(clock.now(), actorId, claim.reportId ?? null, JSON.stringify(videoIds));
        audit.record({
          actorId,
          action: 'dmca.takedown',
          targetType: 'takedown',
          targetId: takedownId,
          reason: `${claim.claimant}: ${claim.work}`,
          before: found.map((v) => ({ video_id: v.id, status_id: v.status_id })),
          after: videoIds.map((v) => ({ video_id: v, status_id: 5 })),
        });
        removals.recorded(actorId, found, claim.reportId ?? null);
        return takedownId;
      })();
      publish.takeDown(videoIds);
      for (const v of found)
        if (v.uploader_id !== null && v.status_id !== 5)
          notifications.send(v.uploader_id, 'video_taken_down', {
            id: v.id,
            title: v.title,
            note: 'copyright',
          });
      return { id, videoIds };
    },

    list(page: number) {
      const rows = sqlite
        .prepare(
          `SELECT t.id, t.claimant, t.claimant_email AS claimantEmail, t.work, t.urls, t.video_ids AS videoIds,
             t.report_id AS reportId, m.name AS createdBy, t.created_at AS createdAt
           FROM takedowns t LEFT JOIN members m ON m.id = t.created_by ORDER BY t.id DESC LIMIT 50 OFFSET ?`,
        )
        .all((page - 1) * 50) as {
        id: number;
        claimant: string;
        claimantEmail: string;
        work: string;
        urls: string;
        videoIds: string;
        reportId: number | null;
        createdBy: string | null;
        createdAt: number;
      }[];
      return rows.map((r) => ({
        ...r,
        urls: JSON.parse(r.urls) as string[],
        videoIds: JSON.parse(r.videoIds) as number[],
      }));
    },
  };
}

export type Takedowns = ReturnType<typeof createTakedowns>;
