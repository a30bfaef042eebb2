import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createI18n, isLang, type Lang } from '@vt/i18n';
import {
  compareFingerprints,
  decodeFingerprint,
  encodeFingerprint,
  type Fingerprint,
  readManifest,
  summarize,
} from '@vt/media';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Mailer } from '../auth/mailer';
import type { Clock } from '../shared/clock';
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
  sqlite,
  clock,
  mailer,
  audit,
  fingerprints,
  mediaDir,
  uploadsDir,
  origin,
}: {
  sqlite: Database.Database;
  clock: Clock;
  mailer: Mailer;
  audit: AuditLog;
  fingerprints: Fingerprints;
  mediaDir: string;
  uploadsDir: string;
  origin: string;
}) {
  const kinds = sqlite.prepare('SELECT DISTINCT kind FROM blocklist_hashes').pluck();
  const findDigest = sqlite
    .prepare('SELECT list_id FROM blocklist_hashes WHERE kind = ? AND hash = ? LIMIT 1')
    .pluck();
  // Entries are only ever added (a removed list's stay in memory and are skipped): the id is the sequence.
  const index = createSummaryIndex(
    sqlite,
    'SELECT id, summary_hi, summary_lo, id FROM blocklist_fingerprints WHERE id > ? ORDER BY id',
  );
  const fpOne = sqlite.prepare('SELECT list_id, label, seconds FROM blocklist_fingerprints WHERE id = ?');
  const insertQuarantine = sqlite.prepare(
    `INSERT OR IGNORE INTO quarantine (video_id, list_id, matched, state, created_at) VALUES (?, ?, ?, 'held', ?)`,
  );
  const admins = sqlite.prepare(
    `SELECT m.email, p.lang FROM members m LEFT JOIN notification_prefs p ON p.member_id = m.id
      WHERE m.role = 'admin' AND m.status = 'active'`,
  );
  const held = sqlite.prepare(
    `SELECT q.video_id, q.state, v.media_path, v.status_id, v.title FROM quarantine q JOIN videos v ON v.id = q.video_id
      WHERE q.video_id = ?`,
  );

  function alertAdmins(videoId: number, title: string, matched: string) {
    for (const a of admins.all() as { email: string; lang: string | null }[]) {
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
  function quarantine(videoId: number, listId: number | null, matched: string): void {
    const done = sqlite.transaction(() => {
      if (insertQuarantine.run(videoId, listId, matched, clock.now()).changes === 0) return null;
      const v = sqlite.prepare('SELECT title, status_id FROM videos WHERE id = ?').get(videoId) as
        | { title: string; status_id: number }
        | undefined;
      sqlite.prepare('UPDATE videos SET status_id = 8 WHERE id = ?').run(videoId);
      audit.record({
        actorId: null,
        action: 'video.quarantine',
        targetType: 'video',
        targetId: videoId,
        reason: matched,
        before: { status_id: v?.status_id ?? null },
        after: { status_id: 8, list_id: listId },
      });
      return v?.title ?? '';
    })();
    if (done !== null) alertAdmins(videoId, done, matched);
  }

  /** The first blocklisted fingerprint this one shares a stretch of pictures with. */
  function fingerprintListed(fp: Fingerprint): { listId: number; label: string } | null {
    const s = summarize(fp);
    if (!s) return null;
    for (const id of index.nearest(s, 20)) {
      const row = fpOne.get(id) as { list_id: number; label: string; seconds: Buffer } | undefined;
      const theirs = row && decodeFingerprint(row.seconds);
      if (theirs && compareFingerprints(fp, theirs).ranges.length > 0)
        return { listId: row.list_id, label: row.label };
    }
    return null;
  }

  const service = {
    /** Digests beyond SHA-256 (which the ingest always takes) that some imported list holds. */
    wantedDigests(): DigestKind[] {
      return (kinds.all() as DigestKind[]).filter((k) => k !== 'sha256');
    },

    /** Quarantines the video when one of its file digests is listed; true when it is (or already was). */
    screenDigests(videoId: number, digests: FileDigests): boolean {
      for (const [kind, hex] of Object.entries(digests) as [DigestKind, string][]) {
        const listId = findDigest.get(kind, hex.toLowerCase()) as number | undefined;
        if (listId !== undefined) {
          quarantine(videoId, listId, `${kind}:${hex.toLowerCase()}`);
          return true;
        }
      }
      return service.isQuarantined(videoId);
    },

    isQuarantined(videoId: number): boolean {
      const q = held.get(videoId) as { state: string } | undefined;
      return q?.state === 'held';
    },

    /**
     * After the pipeline: the perceptual blocklist first (a listed video is never indexed, so it is never
     * named to moderators), then the near-duplicate index. Returns whether the video is quarantined.
     */
    async afterProcess(
      videoId: number,
      mediaPath: string,
      stored: Parameters<Fingerprints['indexAndMatch']>[2],
    ): Promise<boolean> {
      if (service.isQuarantined(videoId)) return true;
      const fp = stored?.summary ? await fingerprints.read(mediaPath) : null;
      const listed = fp ? fingerprintListed(fp) : null;
      if (listed) {
        quarantine(videoId, listed.listId, `fingerprint:${listed.label}`);
        return true;
      }
      await fingerprints.indexAndMatch(videoId, mediaPath, stored);
      return false;
    },

    /** Imports a list; 400 blocklist_invalid when it holds no usable entry. */
    importList(
      actorId: number,
      input: { name: string; kind: 'file' | 'fingerprint'; text: string },
    ): { id: number; entries: number; rejected: number } {
      if (Buffer.byteLength(input.text) > BLOCKLIST_MAX_BYTES)
        throw new AppError('blocklist_too_large', { field: 'text', status: 413 });
      const parsed =
        input.kind === 'file'
          ? (() => {
              const p = parseDigestList(input.text);
              return { rows: p.digests, rejected: p.rejected };
            })()
          : (() => {
              const p = parseFingerprintList(input.text);
              return { rows: p.entries, rejected: p.rejected };
            })();
      if (parsed.rows.length === 0) throw new AppError('blocklist_invalid', { field: 'text' });
      if (parsed.rows.length > MAX_ENTRIES)
        throw new AppError('blocklist_too_large', { field: 'text', status: 413 });
      const id = sqlite.transaction(() => {
        const listId = Number(
          sqlite
            .prepare(
              'INSERT INTO blocklists (name, kind, entries, imported_by, created_at) VALUES (?, ?, ?, ?, ?)',
            )
            .run(input.name, input.kind, parsed.rows.length, actorId, clock.now()).lastInsertRowid,
        );
        if (input.kind === 'file') {
          const add = sqlite.prepare(
            'INSERT OR IGNORE INTO blocklist_hashes (kind, hash, list_id) VALUES (?, ?, ?)',
          );
          for (const [kind, hex] of parsed.rows as [DigestKind, string][]) add.run(kind, hex, listId);
        } else {
          const add = sqlite.prepare(
            'INSERT INTO blocklist_fingerprints (list_id, label, summary_hi, summary_lo, seconds) VALUES (?, ?, ?, ?, ?)',
          );
          for (const e of parsed.rows as FingerprintListEntry[])
            add.run(listId, e.label, e.summary[0], e.summary[1], Buffer.from(e.seconds, 'base64'));
        }
        audit.record({
          actorId,
          action: 'blocklist.import',
          targetType: 'blocklist',
          targetId: listId,
          reason: input.name,
          after: { kind: input.kind, entries: parsed.rows.length, rejected: parsed.rejected },
        });
        return listId;
      })();
      return { id, entries: parsed.rows.length, rejected: parsed.rejected };
    },

    /** The imported lists, newest first. */
    lists(): {
      id: number;
      name: string;
      kind: string;
      entries: number;
      createdAt: number;
      importedBy: string | null;
    }[] {
      return sqlite
        .prepare(
          `SELECT l.id, l.name, l.kind, l.entries, l.created_at AS createdAt, m.name AS importedBy
             FROM blocklists l LEFT JOIN members m ON m.id = l.imported_by ORDER BY l.id DESC`,
        )
        .all() as ReturnType<typeof service.lists>;
    },

    /** Removes a list (its entries go with it); videos it quarantined stay until an admin decides. */
    removeList(actorId: number, listId: number): boolean {
      return sqlite.transaction(() => {
        const r = sqlite.prepare('SELECT name FROM blocklists WHERE id = ?').get(listId) as
          | { name: string }
          | undefined;
        if (!r) return false;
        sqlite.prepare('DELETE FROM blocklists WHERE id = ?').run(listId);
        audit.record({
          actorId,
          action: 'blocklist.remove',
          targetType: 'blocklist',
          targetId: listId,
          reason: r.name,
        });
        return true;
      })();
    },

    /** This engine's perceptual list of the given processed videos (to share, or to test a list). */
    async exportFingerprints(videoIds: readonly number[]): Promise<FingerprintList> {
      const entries: FingerprintListEntry[] = [];
      for (const id of videoIds) {
        const path = sqlite.prepare('SELECT media_path FROM videos WHERE id = ?').pluck().get(id) as
          | string
          | null;
        const fp = await fingerprints.read(path);
        const entry = fp && fingerprintEntry(`video ${id}`, fp);
        if (entry) entries.push(entry);
      }
      return { format: FINGERPRINT_LIST_FORMAT, version: 1, entries };
    },

    /** The quarantine: metadata only, never media; oldest first. */
    quarantined(): QuarantineEntry[] {
      return (
        sqlite
          .prepare(
            `SELECT q.video_id, v.title, v.uploader_id, m.name AS uploader_name, v.added_at, q.created_at, q.matched,
                    l.name AS list
               FROM quarantine q JOIN videos v ON v.id = q.video_id
               LEFT JOIN members m ON m.id = v.uploader_id LEFT JOIN blocklists l ON l.id = q.list_id
              WHERE q.state = 'held' ORDER BY q.created_at, q.video_id LIMIT 500`,
          )
          .all() as {
          video_id: number;
          title: string;
          uploader_id: number | null;
          uploader_name: string | null;
          added_at: number;
          created_at: number;
          matched: string;
          list: string | null;
        }[]
      ).map((r) => ({
        videoId: r.video_id,
        title: r.title,
        uploader: r.uploader_id && r.uploader_name ? { id: r.uploader_id, name: r.uploader_name } : null,
        uploadedAt: r.added_at,
        quarantinedAt: r.created_at,
        matched: r.matched,
        list: r.list,
      }));
    },

    count(): number {
      return sqlite.prepare("SELECT count(*) FROM quarantine WHERE state = 'held'").pluck().get() as number;
    },

    /**
     * A false positive: the video goes to the moderation queue (pending, or failed if it never finished
     * processing) and into the near-duplicate index. 404 when it is not held.
     */
    async release(actorId: number, videoId: number): Promise<void> {
      const q = held.get(videoId) as { state: string; media_path: string | null } | undefined;
      if (q?.state !== 'held') throw new AppError('not_found', { status: 404 });
      const to = q.media_path ? 2 : 6;
      sqlite.transaction(() => {
        sqlite
          .prepare(
            "UPDATE quarantine SET state = 'released', decided_by = ?, decided_at = ? WHERE video_id = ?",
          )
          .run(actorId, clock.now(), videoId);
        sqlite.prepare('UPDATE videos SET status_id = ? WHERE id = ? AND status_id = 8').run(to, videoId);
        audit.record({
          actorId,
          action: 'quarantine.release',
          targetType: 'video',
          targetId: videoId,
          before: { status_id: 8 },
          after: { status_id: to },
        });
      })();
      if (q.media_path) {
        const manifest = await readManifest(join(mediaDir, q.media_path));
        await fingerprints.indexAndMatch(videoId, q.media_path, manifest?.fingerprint);
      }
    },

    /** Deletes a held video for good: status deleted, its media and original file removed. */
    async deleteForever(actorId: number, videoId: number): Promise<void> {
      const q = held.get(videoId) as { state: string; media_path: string | null } | undefined;
      if (q?.state !== 'held') throw new AppError('not_found', { status: 404 });
      const originals = sqlite
        .prepare('SELECT id FROM uploads WHERE video_id = ?')
        .pluck()
        .all(videoId) as string[];
      sqlite.transaction(() => {
        sqlite
          .prepare(
            "UPDATE quarantine SET state = 'deleted', decided_by = ?, decided_at = ? WHERE video_id = ?",
          )
          .run(actorId, clock.now(), videoId);
        sqlite.prepare('UPDATE videos SET status_id = 5, media_path = NULL WHERE id = ?').run(videoId);
        audit.record({
          actorId,
          action: 'quarantine.delete',
          targetType: 'video',
          targetId: videoId,
          before: { status_id: 8 },
          after: { status_id: 5 },
        });
      })();
      if (q.media_path && /^uploads\/\d+$/.test(q.media_path))
        await rm(join(mediaDir, q.media_path), { recursive: true, force: true });
      for (const id of originals) await rm(join(uploadsDir, id), { force: true });
    },
  };
  return service;
}

export type Blocklists = ReturnType<typeof createBlocklists>;
