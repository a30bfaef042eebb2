import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { checkImage } from '../../lib/image-check';
import type { Captcha } from '../auth/captcha.service';
import { captchaRequired } from '../auth/captcha.service';
import type { AttemptLimiter } from '../limits/attempt-limiter';
import type { Clock } from '../shared/clock';
import { checkEmail, required } from '../shared/field-rules';
import type { PrivateFiles } from '../uploads/private-files';
import { checkRemovalRequest, type RemovalRequestFields, recordRemovalRequest } from './removal-request';
import type { ReportsRepository } from './reports.repository';

/** Spec §5: the contact message is at most 1500 characters. */
export const REPORT_MESSAGE_MAX = 1500;
export const REPORT_IMAGE_RULE = {
  field: 'file',
  maxBytes: 5 * 1024 * 1024,
  maxLabel: '5 MB',
  minWidth: 1,
  minHeight: 1,
  formats: ['jpeg', 'png', 'webp', 'gif'],
} as const;
/** A screenshot or photo needs no more; bigger ones are scaled down, and decompression bombs refused. */
const IMAGE_MAX_SIDE = 2560;
const IMAGE_MAX_PIXELS = 50_000_000;
const REFERRER_MAX = 1000;

/**
 * Form values to stored subjects. The legacy form's fourth option reads "advertising request"; it is
 * stored as `advertising`. `removal` is a depicted person asking for a video to be taken down.
 */
const SUBJECTS = {
  copyright: 'copyright',
  technical: 'technical',
  inappropriate: 'inappropriate',
  advertising: 'advertising',
  'advertising request': 'advertising',
  advertising_request: 'advertising',
  removal: 'removal',
  ncii: 'ncii',
} as const;
export type ReportSubject = (typeof SUBJECTS)[keyof typeof SUBJECTS];
/** Only reports about content take their target from the page they were sent from. */
const ABOUT_CONTENT: ReadonlySet<ReportSubject> = new Set(['copyright', 'inappropriate', 'removal', 'ncii']);
const VIDEO_PATH = /^\/(?:videos|embed)\/(\d{1,10})(?:\/|$)/;

export interface ReportForm extends RemovalRequestFields {
  subject?: string;
  email?: string;
  message?: string;
  referrer?: string;
  /** The reported video, when the form was opened from its page. */
  video_id?: string;
  /** "I appear in this video and request its removal": makes it a priority removal request. */
  depicted?: string;
  captcha?: string;
  file?: Uint8Array | null;
}

/** Every invalid field at once; the first is also the answer's `code`/`field` (legacy conventions). */
export class ReportFieldErrors extends AppError {
  readonly errors: AppError[];
  constructor(errors: AppError[]) {
    const first = errors[0]!;
    super(first.code, { status: first.status, field: first.field, info: first.info, message: first.message });
    this.errors = errors;
  }
}

export const tooManyReports = () =>
  new AppError('too_many_reports', {
    status: 429,
    message: 'Too many messages from your address. Please try again later.',
  });

const badSubject = () =>
  new AppError('bad_subject', { field: 'subject', message: 'Choose one of the options' });
const tooLong = (field: string, length: number) =>
  new AppError('too_long', { field, info: { length }, message: `Maximum length ${length} characters` });

function checkSubject(value: string | undefined, depicted: boolean): ReportSubject {
  if (depicted) return 'removal';
  const subject = SUBJECTS[(value ?? '').trim().toLowerCase() as keyof typeof SUBJECTS];
  if (!subject) throw badSubject();
  return subject;
}

function checkMessage(value: string | undefined): string {
  // Browsers send a textarea's line breaks as CRLF; count them as the visitor saw them.
  const message = (value ?? '').replaceAll('\r\n', '\n').trim();
  if (!message) throw required('message');
  if ([...message].length > REPORT_MESSAGE_MAX) throw tooLong('message', REPORT_MESSAGE_MAX);
  return message;
}

/** An http(s) address only: moderators open it, so nothing else (javascript:, data:) is kept. */
function cleanReferrer(value: string | undefined): URL | null {
  try {
    const url = new URL((value ?? '').trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The contact form and per-video reports (`POST /api/report.php`): validates every field, spends the
 * ALTCHA token, keeps the attached image re-encoded (EXIF and other metadata dropped) under DATA_DIR, out
 * of public reach, and queues the report for moderators. Removal requests by a depicted person get
 * priority 1, which puts them at the top of the queue.
 */
export function createReports({
  repo,
  clock,
  captcha,
  files,
  limiter,
}: {
  repo: ReportsRepository;
  clock: Clock;
  captcha: Captcha;
  /** Where attached images are kept: DATA_DIR (`reports/…`), or the bucket's private prefix (S3 mode). */
  files: PrivateFiles;
  /** Accepted reports per client address. */
  limiter: AttemptLimiter;
}) {
  const targetOf = async (
    form: ReportForm,
    subject: ReportSubject,
    referrer: URL | null,
  ): Promise<number | null> => {
    const explicit = /^[1-9]\d{0,9}$/.test(form.video_id ?? '') ? Number(form.video_id) : null;
    const fromPage = ABOUT_CONTENT.has(subject) ? referrer?.pathname.match(VIDEO_PATH)?.[1] : undefined;
    const id = explicit ?? (fromPage ? Number(fromPage) : null);
    return id !== null && (await repo.videoExists(id)) ? id : null;
  };

  async function storeImage(bytes: Uint8Array): Promise<string> {
    const now = new Date(clock.now() * 1000);
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    // Screenshots stay sharp as PNG; photos become JPEG. sharp writes no metadata unless asked to.
    const isPng = (await sharp(bytes).metadata()).format === 'png';
    const relative = `reports/${month}/${randomBytes(16).toString('hex')}.${isPng ? 'png' : 'jpg'}`;
    let encoded: Buffer;
    try {
      encoded = await (isPng ? image.png() : image.jpeg({ quality: 88 })).toBuffer();
    } catch {
      throw new AppError('file_too_large', {
        status: 413,
        field: 'file',
        info: { max: REPORT_IMAGE_RULE.maxLabel },
        message: 'The file is too large',
      });
    }
    await files.put(relative, encoded);
    return relative;
  }

  return {
    async submit(
      form: ReportForm,
      who: { memberId: number | null; ip: string; lang?: string },
    ): Promise<{ id: number }> {
      if (await limiter.isLocked(who.ip)) throw tooManyReports();
      const errors: AppError[] = [];
      const check = <T>(fn: () => T): T | undefined => {
        try {
          return fn();
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push(err);
          return undefined;
        }
      };
      const depicted = form.depicted === '1' || form.depicted === 'on' || form.depicted === 'true';
      const subject = check(() => checkSubject(form.subject, depicted));
      const email = check(() => checkEmail(form.email));
      const message = check(() => checkMessage(form.message));
      if (form.file && form.file.byteLength > 0) {
        try {
          await checkImage(form.file, REPORT_IMAGE_RULE);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push(err);
        }
      }
      const referrer = cleanReferrer(form.referrer);
      const targetId = subject ? await targetOf(form, subject, referrer) : null;
      // Deadline requests (ADR 0037): the video named, or the address the requester gives.
      const request = subject
        ? checkRemovalRequest(
            form,
            subject,
            { videoUrl: targetId === null ? null : (referrer?.href ?? `/videos/${targetId}/`) },
            (err) => errors.push(err),
          )
        : null;
      if (!form.captcha?.trim()) errors.push(captchaRequired());
      if (errors.length > 0 || !subject || !email || !message) throw new ReportFieldErrors(errors);

      // Only a complete, valid form spends the token, so a typo does not cost the visitor a new check.
      await captcha.spend(form.captcha);
      const filePath = form.file && form.file.byteLength > 0 ? await storeImage(form.file) : null;
      let id = 0;
      try {
        const now = clock.now();
        id = await repo.transaction(async (tx) => {
          const reportId = await tx.insertReport({
            subject,
            email,
            message,
            referrer: referrer ? referrer.href.slice(0, REFERRER_MAX) : null,
            target_section: targetId === null ? null : 'video',
            target_id: targetId,
            file_path: filePath,
            priority: subject === 'removal' || subject === 'ncii' ? 1 : 0,
            reporter_id: who.memberId,
            created_at: now,
          });
          if (request && (subject === 'removal' || subject === 'ncii'))
            await recordRemovalRequest(tx, {
              ...request,
              reportId,
              kind: subject,
              now,
              lang: who.lang ?? 'en',
            });
          return reportId;
        });
      } catch (err) {
        if (filePath) await files.remove(filePath);
        throw err;
      }
      await limiter.fail(who.ip);
      return { id };
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
