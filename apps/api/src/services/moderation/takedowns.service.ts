import { AppError } from '../../lib/app-error';
import { auditRow } from '../audit/audit-entry';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { PublishService } from '../videos/publish.service';
import type { Removals } from './removals.service';
import type { TakedownsRepository } from './takedowns.repository';

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
  repo,
  clock,
  origin,
  publish,
  notifications,
  removals,
}: {
  repo: TakedownsRepository;
  clock: Clock;
  origin: string;
  publish: PublishService;
  notifications: Pick<Notifications, 'send'>;
  removals: Pick<Removals, 'recorded'>;
}) {
  return {
    async create(actorId: number, claim: TakedownClaim): Promise<{ id: number; videoIds: number[] }> {
      const found = await repo.videos(videoIdsOf(claim.urls, origin));
      if (found.length === 0)
        throw new AppError('no_videos', {
          status: 400,
          field: 'urls',
          message: 'None of these URLs is a video of this site',
        });
      const videoIds = found.map((v) => v.id);
      const now = clock.now();
      const id = await repo.transaction(async (tx, layer) => {
        const takedownId = await tx.insert({
          claimant: claim.claimant,
          claimantEmail: claim.claimantEmail,
          work: claim.work,
          urls: claim.urls,
          videoIds,
          reportId: claim.reportId ?? null,
          createdBy: actorId,
          now,
        });
        await tx.resolveReports(claim.reportId ?? null, videoIds, actorId, now);
        await tx.audit(
          auditRow(
            {
              actorId,
              action: 'dmca.takedown',
              targetType: 'takedown',
              targetId: takedownId,
              reason: `${claim.claimant}: ${claim.work}`,
              before: found.map((v) => ({ video_id: v.id, status_id: v.status_id })),
              after: videoIds.map((v) => ({ video_id: v, status_id: 5 })),
            },
            now,
          ),
        );
        await removals.recorded(layer, actorId, found, claim.reportId ?? null);
        return takedownId;
      });
      await publish.takeDown(videoIds);
      for (const v of found)
        if (v.uploader_id !== null && v.status_id !== 5)
          await notifications.send(v.uploader_id, 'video_taken_down', {
            id: v.id,
            title: v.title,
            note: 'copyright',
          });
      return { id, videoIds };
    },

    list(page: number) {
      return repo.page(page);
    },
  };
}

export type Takedowns = ReturnType<typeof createTakedowns>;
