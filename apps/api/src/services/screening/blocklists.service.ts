import { createI18n, isLang, type Lang } from '@vt/i18n';
import {
  compareFingerprints,
  decodeFingerprint,
  encodeFingerprint,
  type Fingerprint,
  summarize,
} from '@vt/media';
import { AppError } from '../../lib/app-error';
import { readVideoManifest, type VideoFiles } from '../../media-store/video-files';
import { auditRow } from '../audit/audit-entry';
import type { Mailer } from '../auth/mailer';
import type { Clock } from '../shared/clock';
import type { BlocklistsRepository, ImportedEntries } from './blocklists.repository';
import type { Fingerprints } from './fingerprints.service';
import { createSummaryIndex } from './summary-index';

/** File digests a blocklist can hold, by the length of their hex form. */
export type DigestKind = 'md5' | 'sha1' | 'sha256';
const DIGEST_BY_LENGTH: Record<number, DigestKind> = { 32: 'md5', 40: 'sha1', 64: 'sha256' };
export type FileDigests = Partial<Record<DigestKind, string>>;

/** The largest list accepted in one import (the text of it), and the most entries. */
export const BLOCKLIST_MAX_BYTES = 8 * 1024 * 1024;
const MAX_ENTRIES = 500_000;

/** This engine's perceptual blocklist format (ADR 0034): summaries and the second-by-second hashes. */
export const FINGERPRINT_LIST_FORMAT = 'vt-fingerprints';
export interface FingerprintListEntry {
  label: string;
  /** The 64-bit summary as two unsigned 32-bit words. */
  summary: [number, number];
  /** fingerprint.bin (version byte, then hi, lo, valid per second), base64. */
  seconds: string;
}
export interface FingerprintList {
  format: typeof FINGERPRINT_LIST_FORMAT;
  version: 1;
  entries: FingerprintListEntry[];
}

/**
 * Digests from a hash programme's list: one hex digest a line, or CSV whose header has a column named
 * hash, md5, sha1 or sha256 (the others are ignored). Lines starting with # are comments. The kind of
 * each digest is told by its length.
 */
export function parseDigestList(text: string): { digests: [DigestKind, string][]; rejected: number } {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  let column = -1;
  let separator: string | null = null;
  const first = lines[0] ?? '';
  const sep = [',', ';', '\t'].find((s) => first.includes(s));
  if (sep) {
    const header = first.split(sep).map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
    column = header.findIndex((h) => ['hash', 'md5', 'sha1', 'sha-1', 'sha256', 'sha-256'].includes(h));
    if (column >= 0) {
      separator = sep;
      lines.shift();
    }
  }
  const digests: [DigestKind, string][] = [];
  let rejected = 0;
  for (const line of lines) {
    const cell = separator ? (line.split(separator)[column] ?? '') : line;
    const hex = cell.trim().replace(/^"|"$/g, '').toLowerCase();
    const kind = /^[0-9a-f]+$/.test(hex) ? DIGEST_BY_LENGTH[hex.length] : undefined;
    if (kind) digests.push([kind, hex]);
    else rejected++;
  }
  return { digests, rejected };
}

/** A perceptual list in this engine's format, checked entry by entry. */
export function parseFingerprintList(text: string): { entries: FingerprintListEntry[]; rejected: number } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError('blocklist_invalid', { field: 'text' });
  }
  const list = data as Partial<FingerprintList>;
  if (list.format !== FINGERPRINT_LIST_FORMAT || list.version !== 1 || !Array.isArray(list.entries))
    throw new AppError('blocklist_invalid', { field: 'text' });
  const entries: FingerprintListEntry[] = [];
  let rejected = 0;
  for (const e of list.entries as Partial<FingerprintListEntry>[]) {
    const ok =
      e &&
      typeof e.label === 'string' &&
      e.label.length <= 200 &&
      Array.isArray(e.summary) &&
      e.summary.length === 2 &&
      e.summary.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff) &&
      typeof e.seconds === 'string' &&
      decodeFingerprint(Buffer.from(e.seconds, 'base64')) !== null;
    if (ok) entries.push(e as FingerprintListEntry);
    else rejected++;
  }
  return { entries, rejected };
}

/** The entry of one fingerprint, as this engine exports it. */
export function fingerprintEntry(label: string, fp: Fingerprint): FingerprintListEntry | null {
  const s = summarize(fp);
  return s ? { label, summary: [s.hi, s.lo], seconds: encodeFingerprint(fp).toString('base64') } : null;
}

export interface QuarantineEntry {
  videoId: number;
  title: string;
  uploader: { id: number; name: string } | null;
  uploadedAt: number;
  quarantinedAt: number;
  matched: string;
  list: string | null;
}

/**
 * Blocklists and quarantine (ADR 0034). Admins import hash sets; the ingest asks which file digests it
 * must compute (`wantedDigests`), checks them (`screenDigests`) before the video is processed and its
 * fingerprint (`afterProcess`) before it is pending. A match is quarantined: status 8, its media refused to
 * everyone (publish.visibility, downloads), not in the queue, only its metadata on the admins' list; the
 * admins are mailed, and every step is audited.
 */
export function createBlocklists({
  repo,
  clock,
  mailer,
  fingerprints,
  videoFiles,
  removeMedia,
  uploadOriginals,
  origin,
}: {
  repo: BlocklistsRepository;
  clock: Clock;
  mailer: Mailer;
  fingerprints: Fingerprints;
  /** Processed videos' files: below MEDIA_DIR, or their visible versions in the bucket (S3 mode). */
  videoFiles: Pick<VideoFiles, 'read'>;
  /** Removes a video's processed media: from the media directory, or the bucket (S3 mode). */
  removeMedia: (mediaPath: string) => Promise<unknown>;
  /** Where the uploads' originals are: the uploads directory, or the bucket (S3 mode). */
  uploadOriginals: { remove(id: string): Promise<void> };
  origin: string;
}) {
  // Entries are only ever added (a removed list's stay in memory and are skipped): the id is the sequence.
  const index = createSummaryIndex(repo.fingerprintSummariesSince);

  async function alertAdmins(videoId: number, title: string, matched: string) {
    for (const a of await repo.adminRecipients()) {
      const lang: Lang = a.lang && isLang(a.lang) ? a.lang : 'en';
      const { t } = createI18n(lang);
      mailer.queue({
        to: a.email,
        subject: t('mail.quarantine.subject', { site: t('site.name'), id: videoId }),
        text: t('mail.quarantine.body', {
          site: t('site.name'),
          id: videoId,
          title,
          matched,
          link: `${origin}/moderation/quarantine/`,
        }),
      });
    }
  }

  /** Holds a video in quarantine (once: a re-run of the ingest changes nothing and mails nobody again). */
  async function quarantine(videoId: number, listId: number | null, matched: string): Promise<void> {
    const now = clock.now();
    const title = await repo.quarantine({
      videoId,
      listId,
      matched,
      now,
      audit: (statusBefore) =>
        auditRow(
          {
            actorId: null,
            action: 'video.quarantine',
            targetType: 'video',
            targetId: videoId,
            reason: matched,
            before: { status_id: statusBefore },
            after: { status_id: 8, list_id: listId },
          },
          now,
        ),
    });
    if (title !== null) await alertAdmins(videoId, title, matched);
  }

  /** The first blocklisted fingerprint this one shares a stretch of pictures with. */
  async function fingerprintListed(fp: Fingerprint): Promise<{ listId: number; label: string } | null> {
    const s = summarize(fp);
    if (!s) return null;
    for (const id of await index.nearest(s, 20)) {
      const row = await repo.fingerprint(id);
      const theirs = row && decodeFingerprint(row.seconds);
      if (row && theirs && compareFingerprints(fp, theirs).ranges.length > 0)
        return { listId: row.list_id, label: row.label };
    }
    return null;
  }

  /** A held video's media path; 404 when it is not held. */
  async function mustBeHeld(videoId: number): Promise<{ media_path: string | null }> {
    const q = await repo.held(videoId);
    if (q?.state !== 'held') throw new AppError('not_found', { status: 404 });
    return q;
  }

  const service = {
    /** Digests beyond SHA-256 (which the ingest always takes) that some imported list holds. */
    async wantedDigests(): Promise<DigestKind[]> {
      return (await repo.digestKinds()).filter((k) => k !== 'sha256');
    },

    /** Quarantines the video when one of its file digests is listed; true when it is (or already was). */
    async screenDigests(videoId: number, digests: FileDigests): Promise<boolean> {
      for (const [kind, hex] of Object.entries(digests) as [DigestKind, string][]) {
        const listId = await repo.listOfDigest(kind, hex.toLowerCase());
        if (listId !== null) {
          await quarantine(videoId, listId, `${kind}:${hex.toLowerCase()}`);
          return true;
        }
      }
      return service.isQuarantined(videoId);
    },

    async isQuarantined(videoId: number): Promise<boolean> {
      return (await repo.held(videoId))?.state === 'held';
    },

    /**
     * After the pipeline: the perceptual blocklist first (a listed video is never indexed, so it is never
     * named to moderators), then the near-duplicate index. Returns whether the video is quarantined. `own`:
     * the fingerprint the pipeline just wrote (the ingest's local output, not yet in the store in S3 mode).
     */
    async afterProcess(
      videoId: number,
      mediaPath: string,
      stored: Parameters<Fingerprints['indexAndMatch']>[2],
      own?: Fingerprint | null,
    ): Promise<boolean> {
      if (await service.isQuarantined(videoId)) return true;
      const fp = stored?.summary ? (own ?? (await fingerprints.read(mediaPath))) : null;
      const listed = fp ? await fingerprintListed(fp) : null;
      if (listed) {
        await quarantine(videoId, listed.listId, `fingerprint:${listed.label}`);
        return true;
      }
      await fingerprints.indexAndMatch(videoId, mediaPath, stored, fp);
      return false;
    },

    /** Imports a list; 400 blocklist_invalid when it holds no usable entry. */
    async importList(
      actorId: number,
      input: { name: string; kind: 'file' | 'fingerprint'; text: string },
    ): Promise<{ id: number; entries: number; rejected: number }> {
      if (Buffer.byteLength(input.text) > BLOCKLIST_MAX_BYTES)
        throw new AppError('blocklist_too_large', { field: 'text', status: 413 });
      let entries: ImportedEntries;
      let count: number;
      let rejected: number;
      if (input.kind === 'file') {
        const p = parseDigestList(input.text);
        entries = { kind: 'file', digests: p.digests };
        [count, rejected] = [p.digests.length, p.rejected];
      } else {
        const p = parseFingerprintList(input.text);
        entries = {
          kind: 'fingerprint',
          fingerprints: p.entries.map((e) => ({
            label: e.label,
            hi: e.summary[0],
            lo: e.summary[1],
            seconds: Buffer.from(e.seconds, 'base64'),
          })),
        };
        [count, rejected] = [p.entries.length, p.rejected];
      }
      if (count === 0) throw new AppError('blocklist_invalid', { field: 'text' });
      if (count > MAX_ENTRIES) throw new AppError('blocklist_too_large', { field: 'text', status: 413 });
      const now = clock.now();
      const id = await repo.importList({
        name: input.name,
        entries,
        count,
        actorId,
        now,
        audit: (listId) =>
          auditRow(
            {
              actorId,
              action: 'blocklist.import',
              targetType: 'blocklist',
              targetId: listId,
              reason: input.name,
              after: { kind: input.kind, entries: count, rejected },
            },
            now,
          ),
      });
      return { id, entries: count, rejected };
    },

    /** The imported lists, newest first. */
    lists(): Promise<
      {
        id: number;
        name: string;
        kind: string;
        entries: number;
        createdAt: number;
        importedBy: string | null;
      }[]
    > {
      return repo.lists();
    },

    /** Removes a list (its entries go with it); videos it quarantined stay until an admin decides. */
    removeList(actorId: number, listId: number): Promise<boolean> {
      const now = clock.now();
      return repo.removeList(listId, (name) =>
        auditRow(
          { actorId, action: 'blocklist.remove', targetType: 'blocklist', targetId: listId, reason: name },
          now,
        ),
      );
    },

    /** This engine's perceptual list of the given processed videos (to share, or to test a list). */
    async exportFingerprints(videoIds: readonly number[]): Promise<FingerprintList> {
      const entries: FingerprintListEntry[] = [];
      for (const id of videoIds) {
        const fp = await fingerprints.read(await repo.mediaPathOf(id));
        const entry = fp && fingerprintEntry(`video ${id}`, fp);
        if (entry) entries.push(entry);
      }
      return { format: FINGERPRINT_LIST_FORMAT, version: 1, entries };
    },

    /** The quarantine: metadata only, never media; oldest first. */
    async quarantined(): Promise<QuarantineEntry[]> {
      return (await repo.quarantined(500)).map((r) => ({
        videoId: r.video_id,
        title: r.title,
        uploader: r.uploader_id && r.uploader_name ? { id: r.uploader_id, name: r.uploader_name } : null,
        uploadedAt: r.added_at,
        quarantinedAt: r.created_at,
        matched: r.matched,
        list: r.list,
      }));
    },

    count(): Promise<number> {
      return repo.countHeld();
    },

    /**
     * A false positive: the video goes to the moderation queue (pending, or failed if it never finished
     * processing) and into the near-duplicate index. 404 when it is not held.
     */
    async release(actorId: number, videoId: number): Promise<void> {
      const q = await mustBeHeld(videoId);
      const to = q.media_path ? 2 : 6;
      const now = clock.now();
      await repo.decide({
        videoId,
        state: 'released',
        statusId: to,
        actorId,
        now,
        audit: auditRow(
          {
            actorId,
            action: 'quarantine.release',
            targetType: 'video',
            targetId: videoId,
            before: { status_id: 8 },
            after: { status_id: to },
          },
          now,
        ),
      });
      if (q.media_path) {
        const manifest = await readVideoManifest(videoFiles, q.media_path);
        await fingerprints.indexAndMatch(videoId, q.media_path, manifest?.fingerprint);
      }
    },

    /** Deletes a held video for good: status deleted, its media and original file removed. */
    async deleteForever(actorId: number, videoId: number): Promise<void> {
      const q = await mustBeHeld(videoId);
      const originals = await repo.uploadsOf(videoId);
      const now = clock.now();
      await repo.decide({
        videoId,
        state: 'deleted',
        statusId: 5,
        actorId,
        now,
        audit: auditRow(
          {
            actorId,
            action: 'quarantine.delete',
            targetType: 'video',
            targetId: videoId,
            before: { status_id: 8 },
            after: { status_id: 5 },
          },
          now,
        ),
      });
      if (q.media_path && /^uploads\/\d+$/.test(q.media_path)) await removeMedia(q.media_path);
      for (const id of originals) await uploadOriginals.remove(id);
    },
  };
  return service;
}

export type Blocklists = ReturnType<typeof createBlocklists>;
