import type { ErrorCode } from '@vt/rules';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Clock } from '../shared/clock';
import type { PublishService } from '../videos/publish.service';
import { videoUrl } from '../videos/video-row';
import type { VersionMode } from '../videos/video-versions.service';
import { videoIdsOf } from './takedowns.service';

interface VideoRow {
  id: number;
  title: string;
  dir: string;
  status_id: number;
  is_private: number;
  duration_sec: number;
  height: number;
}

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
  sqlite,
  clock,
  origin,
  publish,
  audit,
}: {
  sqlite: Database.Database;
  clock: Clock;
  origin: string;
  publish: Pick<PublishService, 'revised'>;
  audit: AuditLog;
}) {
  const videoById = sqlite.prepare(
    'SELECT id, title, dir, status_id, is_private, duration_sec, height FROM videos WHERE id = ?',
  );
  const membershipOf = sqlite.prepare(
    'SELECT canonical_id AS canonicalId, mode FROM video_versions WHERE video_id = ?',
  );
  const membersOf = sqlite.prepare(
    `SELECT v.id, v.title, v.dir, v.status_id, v.is_private, v.duration_sec, v.height, vv.mode
     FROM video_versions vv JOIN videos v ON v.id = vv.video_id WHERE vv.canonical_id = ? ORDER BY v.id`,
  );
  const countMembers = sqlite.prepare('SELECT count(*) FROM video_versions WHERE canonical_id = ?').pluck();
  const insert = sqlite.prepare(
    'INSERT INTO video_versions (video_id, canonical_id, mode, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const setMode = sqlite.prepare('UPDATE video_versions SET mode = ? WHERE video_id = ?');
  const remove = sqlite.prepare('DELETE FROM video_versions WHERE video_id = ?');
  const moveGroup = sqlite.prepare('UPDATE video_versions SET canonical_id = ? WHERE canonical_id = ?');

  const video = (id: number): VideoRow => {
    const r = videoById.get(id) as VideoRow | undefined;
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
  const membership = (id: number) =>
    membershipOf.get(id) as { canonicalId: number; mode: VersionMode } | undefined;

  /** The group a video is in (as canonical or version), or null. */
  function groupOf(id: number): VersionGroup | null {
    const canonicalId = membership(id)?.canonicalId ?? id;
    const members = membersOf.all(canonicalId) as (VideoRow & { mode: VersionMode })[];
    if (members.length === 0) return null;
    return {
      canonical: shape(video(canonicalId)),
      members: members.map((m) => ({ ...shape(m), mode: m.mode })),
    };
  }

  const after = (ids: number[]) => publish.revised(ids);

  return {
    /** A video named by its id or any of its URLs (page, embed, JSON); 404 for anything else. */
    resolve(ref: string): number {
      const text = ref.trim();
      if (/^\d{1,10}$/.test(text) && Number(text) > 0) return Number(text);
      const [id] = videoIdsOf([text], origin);
      if (!id) throw new AppError('version_bad_reference', { status: 400, field: 'ref' });
      return id;
    },

    groupOf,

    /**
     * Makes `versionId` a version of `canonicalId`. Grouping a video again under the same canonical changes
     * its mode. Refused: the same video twice, a canonical that is not public or is itself a version, a
     * version that leads a group of its own or is already in another group (no chains), a version that is
     * neither published nor pending.
     */
    group(actorId: number, canonicalId: number, versionId: number, mode: VersionMode): VersionGroup {
      if (canonicalId === versionId) throw refused('version_same_video');
      return sqlite.transaction(() => {
        const canonical = video(canonicalId);
        const version = video(versionId);
        if (canonical.status_id !== 1 || canonical.is_private !== 0)
          throw refused('version_canonical_not_public');
        if (!VERSIONABLE.has(version.status_id)) throw refused('version_not_eligible');
        if (membership(canonicalId)) throw refused('version_canonical_is_version');
        if (Number(countMembers.get(versionId)) > 0) throw refused('version_is_canonical');
        const current = membership(versionId);
        if (current && current.canonicalId !== canonicalId) throw refused('version_already_grouped');
        if (current?.mode === mode) return groupOf(canonicalId)!;
        if (current) setMode.run(mode, versionId);
        else insert.run(versionId, canonicalId, mode, actorId, clock.now());
        audit.record({
          actorId,
          action: 'video.version_group',
          targetType: 'video',
          targetId: versionId,
          before: current ? { canonical_id: canonicalId, mode: current.mode } : null,
          after: { canonical_id: canonicalId, mode },
        });
        after([versionId, canonicalId]);
        return groupOf(canonicalId)!;
      })();
    },

    /** Makes a version the group's canonical; the former canonical takes the version's place and mode. */
    makeCanonical(actorId: number, versionId: number): VersionGroup {
      return sqlite.transaction(() => {
        const current = membership(versionId);
        if (!current) throw refused('version_not_grouped');
        const next = video(versionId);
        if (next.status_id !== 1 || next.is_private !== 0) throw refused('version_canonical_not_public');
        const old = current.canonicalId;
        remove.run(versionId);
        moveGroup.run(versionId, old);
        insert.run(old, versionId, current.mode, actorId, clock.now());
        audit.record({
          actorId,
          action: 'video.version_canonical',
          targetType: 'video',
          targetId: versionId,
          before: { canonical_id: old },
          after: { canonical_id: versionId, former_mode: current.mode },
        });
        after([versionId, old]);
        return groupOf(versionId)!;
      })();
    },

    /** Takes a video out of its group (a canonical: the whole group dissolves). Returns the ids set free. */
    ungroup(actorId: number, videoId: number): { freed: number[] } {
      return sqlite.transaction(() => {
        const current = membership(videoId);
        const members = current
          ? [{ id: videoId, mode: current.mode }]
          : (membersOf.all(videoId) as { id: number; mode: VersionMode }[]);
        if (members.length === 0) throw refused('version_not_grouped');
        const canonicalId = current?.canonicalId ?? videoId;
        for (const m of members) {
          remove.run(m.id);
          audit.record({
            actorId,
            action: 'video.version_ungroup',
            targetType: 'video',
            targetId: m.id,
            before: { canonical_id: canonicalId, mode: m.mode },
            after: null,
          });
        }
        const freed = members.map((m) => m.id);
        after([...freed, canonicalId]);
        return { freed };
      })();
    },
  };
}

export type VersionGroups = ReturnType<typeof createVersionGroups>;
