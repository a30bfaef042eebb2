import type { AuditEntry } from '../audit/audit.service';
import { auditRow, insertAuditEntry } from '../audit/audit-entry';
import type { Notifications } from '../notifications/notifications.service';
import type { Fingerprints } from '../screening/fingerprints.service';
import type { Clock } from '../shared/clock';
import type { WithChange } from '../videos/publish.repository';
import type { PublishService } from '../videos/publish.service';
import type { QueueRepository } from './queue.repository';
import { type RejectReason, rejectReasonText } from './reject-reasons';
import type { VideoRevisions } from './revisions.service';

/** 'video:12', 'album:3' or 'edit:7' (a pending revision of a published video), as the queue names its items. */
export type QueueKey = `${'video' | 'album' | 'edit'}:${number}`;

export interface DecisionResult {
  /** Keys that changed; the others were no longer pending (another moderator was faster) or unknown. */
  done: QueueKey[];
  skipped: QueueKey[];
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
  queue,
  clock,
  publish,
  notifications,
  revisions,
  beforeApprove,
  fingerprints,
}: {
  queue: QueueRepository;
  clock: Clock;
  beforeApprove?: (videoIds: number[]) => void | Promise<void>;
  publish: PublishService;
  notifications: Notifications;
  revisions: VideoRevisions;
  fingerprints?: Pick<Fingerprints, 'heldAmong'>;
}) {
  async function decide(
    actorId: number,
    keys: readonly QueueKey[],
    decision:
      | { approve: true; approveCopies?: boolean }
      | { approve: false; reason: RejectReason; note: string },
  ): Promise<DecisionResult> {
    const ids = split(keys);
    // Full copies of another video are held (ADR 0034): approved only with an explicit override, audited.
    const held = decision.approve
      ? ((await fingerprints?.heldAmong(ids.video)) ?? new Map<number, number>())
      : new Map();
    if (decision.approve && !decision.approveCopies) ids.video = ids.video.filter((id) => !held.has(id));
    if (decision.approve) await beforeApprove?.(ids.video);
    const before = {
      video: await queue.targets('videos', ids.video),
      album: await queue.targets('albums', ids.album),
    };
    const reasonText = decision.approve ? null : rejectReasonText(decision.reason, decision.note);
    const decided = { video: [] as QueueKey[], album: [] as QueueKey[] };
    /** Each decided item's audit entries and notification, in the transaction of its status change. */
    const record =
      (kind: 'video' | 'album'): WithChange =>
      async (layer, changed) => {
        const audit = (e: AuditEntry) => insertAuditEntry(layer.db, auditRow(e, clock.now()));
        decided[kind] = [];
        for (const id of changed) {
          const t = before[kind].get(id);
          if (!t) continue;
          decided[kind].push(`${kind}:${id}`);
          await audit({
            actorId,
            action: `${kind}.${decision.approve ? 'approve' : 'reject'}`,
            targetType: kind,
            targetId: id,
            reason: reasonText,
            before: { status_id: t.status_id },
            after: { status_id: decision.approve ? 1 : 4 },
          });
          if (kind === 'video' && held.has(id))
            await audit({
              actorId,
              action: 'video.approve_copy',
              targetType: 'video',
              targetId: id,
              before: { full_copy_of: held.get(id) },
            });
          if (t.uploader_id !== null)
            await notifications
              .within(layer)
              .send(
                t.uploader_id,
                `${kind}_${decision.approve ? 'approved' : 'rejected'}`,
                decision.approve
                  ? { id, title: t.title, dir: t.dir }
                  : { id, title: t.title, reason: decision.reason, note: decision.note },
              );
        }
      };
    const changed = {
      video: decision.approve
        ? await publish.approve(ids.video, record('video'))
        : await publish.reject(ids.video, reasonText ?? '', record('video')),
      album: decision.approve
        ? await publish.approveAlbums(ids.album, record('album'))
        : await publish.rejectAlbums(ids.album, reasonText ?? '', record('album')),
    };
    // Edits audit and notify in their own service, which applies them.
    const edits = decision.approve
      ? await revisions.approve(actorId, ids.edit)
      : await revisions.reject(actorId, ids.edit, decision.reason, decision.note);
    const done: QueueKey[] = [
      ...edits.map((id) => `edit:${id}` as const),
      ...decided.video,
      ...decided.album,
    ];
    // Subscribers hear of newly public videos from a job, never while the moderator waits.
    if (decision.approve) await notifications.videosPublished(changed.video);
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
