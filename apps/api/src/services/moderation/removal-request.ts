import type { RemovalRequestsTable } from '@vt/db';
import { AppError } from '../../lib/app-error';
import { required } from '../shared/field-rules';
import type { ReportsRepository } from './reports.repository';

/** The US TAKE IT DOWN Act's 48 hours, counted from the moment a valid request arrives (ADR 0037). */
export const REMOVAL_DEADLINE_SECONDS = 48 * 3600;
const SIGNATURE_MAX = 200;
const CONTENT_URL_MAX = 2000;

export interface RemovalRequestFields {
  /** The electronic signature: the requester's full name. */
  signature?: string;
  /** "I state in good faith that this content was published without my consent." */
  good_faith?: string;
  /** Where the content is, when the form was not sent from the video's page. */
  content_url?: string;
}

export interface ValidRemovalRequest {
  signature: string;
  content: string;
}

const checked = (v: string | undefined) => v === '1' || v === 'on' || v === 'true';

/**
 * The fields a valid request needs under the Act: identification of the content, a good-faith statement
 * that it is non-consensual, contact (the form's email) and an electronic signature. A depicted person's
 * removal request without any of them is still taken as a priority report, but without a legal deadline;
 * once any is given (and always for a non-consensual imagery report) all must be valid. `push` collects
 * field errors next to the form's others. Null when the request carries no deadline.
 */
export function checkRemovalRequest(
  form: RemovalRequestFields,
  subject: string,
  target: { videoUrl: string | null },
  push: (err: AppError) => void,
): ValidRemovalRequest | null {
  if (subject !== 'removal' && subject !== 'ncii') return null;
  const signature = (form.signature ?? '').trim();
  const url = (form.content_url ?? '').trim();
  const any = signature !== '' || checked(form.good_faith) || url !== '';
  if (subject === 'removal' && !any) return null;
  let ok = true;
  const fail = (err: AppError) => {
    ok = false;
    push(err);
  };
  if (!signature) fail(required('signature'));
  else if ([...signature].length > SIGNATURE_MAX)
    fail(
      new AppError('too_long', {
        field: 'signature',
        info: { length: SIGNATURE_MAX },
        message: `Maximum length ${SIGNATURE_MAX} characters`,
      }),
    );
  if (!checked(form.good_faith))
    fail(new AppError('good_faith_required', { field: 'good_faith', message: 'Confirm the statement' }));
  let content = target.videoUrl;
  if (!content) {
    let parsed: URL | null = null;
    try {
      parsed = url ? new URL(url) : null;
    } catch {
      parsed = null;
    }
    if (!url) fail(required('content_url'));
    else if (!parsed || !/^https?:$/.test(parsed.protocol) || url.length > CONTENT_URL_MAX)
      fail(new AppError('invalid_url', { field: 'content_url', message: 'Enter the address of the page' }));
    else content = parsed.href;
  }
  return ok && content ? { signature, content } : null;
}

/** Records the valid request next to its report, with its deadline (in the report's transaction). */
export async function recordRemovalRequest(
  repo: Pick<ReportsRepository, 'insertRemovalRequest'>,
  r: ValidRemovalRequest & {
    reportId: number;
    kind: RemovalRequestsTable['kind'];
    now: number;
    lang: string;
  },
): Promise<void> {
  await repo.insertRemovalRequest({
    report_id: r.reportId,
    kind: r.kind,
    signature: r.signature,
    good_faith_at: r.now,
    content: r.content,
    deadline_at: r.now + REMOVAL_DEADLINE_SECONDS,
    lang: r.lang,
  });
}
