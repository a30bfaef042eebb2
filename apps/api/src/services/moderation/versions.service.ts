import type { ErrorCode } from '@vt/rules';
import { AppError } from '../../lib/app-error';
import type { AuditEntry } from '../audit/audit.service';
import { auditRow } from '../audit/audit-entry';
import type { Clock } from '../shared/clock';
import type { PublishService } from '../videos/publish.service';
import { videoUrl } from '../videos/video-row';
import type { VersionMode } from '../videos/video-versions.service';
import { videoIdsOf } from './takedowns.service';
import type { VersionsRepository } from './versions.repository';

type Versions = Omit<VersionsRepository, 'transaction'>;
type VideoRow = NonNullable<Awaited<ReturnType<Versions['video']>>>;

export interface GroupVideo {
  id: number;
  title: string;
  url: string;
  statusId: number;
  durationSec: number;
  height: number;
}

export interface VersionGroup {
  canonical: GroupVideo;
  members: (GroupVideo & { mode: VersionMode })[];
}

/** Statuses a version may have: published, or pending review (it stays grouped once approved). */
const VERSIONABLE = new Set([1, 2]);

const refused = (code: ErrorCode) => new AppError(code, { status: 400 });
const missing = () => new AppError('video_not_found', { status: 404, message: 'Video not found' });

/**
 * Moderators group near-duplicates as versions of one film (ADR 0035). Every change is audited and purges
 * the public caches; nothing of a version is moved, so ungrouping restores it exactly.
 */
export function createVersionGroups({
  repo,
  clock,
  origin,
  publish,
}: {
  repo: VersionsRepository;
  clock: Clock;
  origin: string;
  publish: Pick<PublishService, 'revised'>;
}) {
  const video = async (q: Versions, id: number): Promise<VideoRow> => {
    const r = await q.video(id);
    if (!r) throw missing();
    return r;
  };
  const shape = (r: VideoRow): GroupVideo => ({
    id: r.id,
    title: r.title,
    url: videoUrl(r.id, r.dir),
    statusId: r.status_id,
    durationSec: r.duration_sec,
    height: r.height,
  });
  /** The group a video is in (as canonical or version), or null. */
  async function groupIn(q: Versions, id: number): Promise<VersionGroup | null> {
    const canonicalId = (await q.membership(id))?.canonical_id ?? id;
    const members = await q.membersOf(canonicalId);
    if (members.length === 0) return null;
    return {
      canonical: shape(await video(q, canonicalId)),
      members: members.map((m) => ({ ...shape(m), mode: m.mode })),
    };
  }
  /** The group just changed in `q`'s transaction (it has members). */
  async function groupNow(q: Versions, id: number): Promise<VersionGroup> {
    const group = await groupIn(q, id);
    if (!group) throw missing();
    return group;
  }
  const entry = (e: AuditEntry) => auditRow(e, clock.now());

  return {
    /** A video named by its id or any of its URLs (page, embed, JSON); 404 for anything else. */
    resolve(ref: string): number {
      const text = ref.trim();
      if (/^\d{1,10}$/.test(text) && Number(text) > 0) return Number(text);
      const [id] = videoIdsOf([text], origin);
      if (!id) throw new AppError('version_bad_reference', { status: 400, field: 'ref' });
      return id;
    },

    groupOf: (id: number): Promise<VersionGroup | null> => groupIn(repo, id),

    /**
     * Makes `versionId` a version of `canonicalId`. Grouping a video again under the same canonical changes
     * its mode. Refused: the same video twice, a canonical that is not public or is itself a version, a
     * version that leads a group of its own or is already in another group (no chains), a version that is
     * neither published nor pending.
     */
    async group(
      actorId: number,
      canonicalId: number,
      versionId: number,
      mode: VersionMode,
    ): Promise<VersionGroup> {
      if (canonicalId === versionId) throw refused('version_same_video');
      const { group, changed } = await repo.transaction(async (tx) => {
        const canonical = await video(tx, canonicalId);
        const version = await video(tx, versionId);
        if (canonical.status_id !== 1 || canonical.is_private !== 0)
          throw refused('version_canonical_not_public');
        if (!VERSIONABLE.has(version.status_id)) throw refused('version_not_eligible');
        if (await tx.membership(canonicalId)) throw refused('version_canonical_is_version');
        if ((await tx.countMembers(versionId)) > 0) throw refused('version_is_canonical');
        const current = await tx.membership(versionId);
        if (current && current.canonical_id !== canonicalId) throw refused('version_already_grouped');
        if (current?.mode === mode) return { group: await groupNow(tx, canonicalId), changed: false };
        if (current) await tx.setMode(versionId, mode);
        else await tx.insert(versionId, canonicalId, mode, actorId, clock.now());
        await tx.audit(
          entry({
            actorId,
            action: 'video.version_group',
            targetType: 'video',
            targetId: versionId,
            before: current ? { canonical_id: canonicalId, mode: current.mode } : null,
            after: { canonical_id: canonicalId, mode },
          }),
        );
        return { group: await groupNow(tx, canonicalId), changed: true };
      });
      if (changed) await publish.revised([versionId, canonicalId]);
      return group;
    },

    /** Makes a version the group's canonical; the former canonical takes the version's place and mode. */
    async makeCanonical(actorId: number, versionId: number): Promise<VersionGroup> {
      const { group, old } = await repo.transaction(async (tx) => {
        const current = await tx.membership(versionId);
        if (!current) throw refused('version_not_grouped');
        const next = await video(tx, versionId);
        if (next.status_id !== 1 || next.is_private !== 0) throw refused('version_canonical_not_public');
        const old = current.canonical_id;
        await tx.remove(versionId);
        await tx.moveGroup(old, versionId);
        await tx.insert(old, versionId, current.mode, actorId, clock.now());
        await tx.audit(
          entry({
            actorId,
            action: 'video.version_canonical',
            targetType: 'video',
            targetId: versionId,
            before: { canonical_id: old },
            after: { canonical_id: versionId, former_mode: current.mode },
          }),
        );
        return { group: await groupNow(tx, versionId), old };
      });
      await publish.revised([versionId, old]);
      return group;
    },

    /** Takes a video out of its group (a canonical: the whole group dissolves). Returns the ids set free. */
    async ungroup(actorId: number, videoId: number): Promise<{ freed: number[] }> {
      const { freed, canonicalId } = await repo.transaction(async (tx) => {
        const current = await tx.membership(videoId);
        const members = current ? [{ id: videoId, mode: current.mode }] : await tx.membersOf(videoId);
        if (members.length === 0) throw refused('version_not_grouped');
        const canonicalId = current?.canonical_id ?? videoId;
        for (const m of members) {
          await tx.remove(m.id);
          await tx.audit(
            entry({
              actorId,
              action: 'video.version_ungroup',
              targetType: 'video',
              targetId: m.id,
              before: { canonical_id: canonicalId, mode: m.mode },
              after: null,
            }),
          );
        }
        return { freed: members.map((m) => m.id), canonicalId };
      });
      await publish.revised([...freed, canonicalId]);
      return { freed };
    },
  };
}

export type VersionGroups = ReturnType<typeof createVersionGroups>;
