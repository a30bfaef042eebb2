import type Database from 'better-sqlite3';
import type { AuditLog } from '../audit/audit.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Fingerprints } from '../screening/fingerprints.service';
import type { PublishService } from '../videos/publish.service';
import { type RejectReason, rejectReasonText } from './reject-reasons';
import type { VideoRevisions } from './revisions.service';

/** 'video:12', 'album:3' or 'edit:7' (a pending revision of a published video), as the queue names its items. */
export type QueueKey = `${'video' | 'album' | 'edit'}:${number}`;

export interface DecisionResult {
  /** Keys that changed; the others were no longer pending (another moderator was faster) or unknown. */
  done: QueueKey[];
  skipped: QueueKey[];
}

interface Target {
  id: number;
  title: string;
  dir: string;
  status_id: number;
  uploader_id: number | null;
}

function split(keys: readonly QueueKey[]) {
  const ids = { video: [] as number[], album: [] as number[], edit: [] as number[] };
  for (const key of keys) {
    const [kind, id] = key.split(':');
    ids[kind as 'video' | 'album' | 'edit'].push(Number(id));
  }
  return ids;
}

/**
 * Approve and reject, one item or a hundred: one transaction per kind, one cache purge, one audit row and one
 * translated notification per item.
 */
export function createModerationDecisions({
  sqlite,
  publish,
  audit,
  notifications,
  revisions,
  beforeApprove,
  fingerprints,
}: {
  sqlite: Database.Database;
  beforeApprove?: (videoIds: number[]) => void;
  publish: PublishService;
  audit: AuditLog;
  notifications: Notifications;
  revisions: VideoRevisions;
  fingerprints?: Pick<Fingerprints, 'heldAmong'>;
}) {
  const targets = (table: 'videos' | 'albums', ids: number[]) =>
    new Map(
      (
        sqlite
          .prepare(
            `SELECT id, title, dir, status_id, uploader_id FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`,
          )
          .all(JSON.stringify(ids)) as Target[]
      ).map((t) => [t.id, t]),
    );

  function decide(
    actorId: number,
    keys: readonly QueueKey[],
    decision:
      | { approve: true; approveCopies?: boolean }
      | { approve: false; reason: RejectReason; note: string },
  ): DecisionResult {
    const ids = split(keys);
    // Full copies of another video are held (ADR 0034): approved only with an explicit override, audited.
    const held = decision.approve
      ? (fingerprints?.heldAmong(ids.video) ?? new Map<number, number>())
      : new Map();
    if (decision.approve && !decision.approveCopies) ids.video = ids.video.filter((id) => !held.has(id));
    if (decision.approve) beforeApprove?.(ids.video);
    const before = { video: targets('videos', ids.video), album: targets('albums', ids.album) };
    const reasonText = decision.approve ? null : rejectReasonText(decision.reason, decision.note);
    const changed = {
      video: decision.approve ? publish.approve(ids.video) : publish.reject(ids.video, reasonText ?? ''),
      album: decision.approve
        ? publish.approveAlbums(ids.album)
        : publish.rejectAlbums(ids.album, reasonText ?? ''),
    };
    // Edits audit and notify in their own service, which applies them.
    const edits = decision.approve
      ? revisions.approve(actorId, ids.edit)
      : revisions.reject(actorId, ids.edit, decision.reason, decision.note);
    const done: QueueKey[] = edits.map((id) => `edit:${id}` as const);
    sqlite.transaction(() => {
      for (const kind of ['video', 'album'] as const) {
        for (const id of changed[kind]) {
          const t = before[kind].get(id);
          if (!t) continue;
          done.push(`${kind}:${id}`);
          audit.record({
            actorId,
            action: `${kind}.${decision.approve ? 'approve' : 'reject'}`,
            targetType: kind,
            targetId: id,
            reason: reasonText,
            before: { status_id: t.status_id },
            after: { status_id: decision.approve ? 1 : 4 },
          });
          if (kind === 'video' && held.has(id))
            audit.record({
              actorId,
              action: 'video.approve_copy',
              targetType: 'video',
              targetId: id,
              before: { full_copy_of: held.get(id) },
            });
          if (t.uploader_id !== null)
            notifications.send(
              t.uploader_id,
              `${kind}_${decision.approve ? 'approved' : 'rejected'}`,
              decision.approve
                ? { id, title: t.title, dir: t.dir }
                : { id, title: t.title, reason: decision.reason, note: decision.note },
            );
        }
      }
    })();
    // Subscribers hear of newly public videos from a job, never while the moderator waits.
    if (decision.approve) notifications.videosPublished(changed.video);
    return { done, skipped: keys.filter((k) => !done.includes(k)) };
  }

  return {
    /** approveCopies: the moderator's explicit override of the hold on full copies (audited). */
    approve: (actorId: number, keys: readonly QueueKey[], approveCopies = false) =>
      decide(actorId, keys, { approve: true, approveCopies }),
    reject: (actorId: number, keys: readonly QueueKey[], reason: RejectReason, note: string) =>
      decide(actorId, keys, { approve: false, reason, note }),
  };
}

export type ModerationDecisions = ReturnType<typeof createModerationDecisions>;
