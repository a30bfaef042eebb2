/** Why a moderator turns an upload down; each has a translated label (moderation.reason.*) and notification text. */
export const REJECT_REASONS = [
  'poor_quality',
  'off_topic',
  'duplicate',
  'copyright',
  'consent_unclear',
  'misleading_metadata',
  'spam',
  'other',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** The stored reason: the code, then the moderator's note, e.g. "copyright: a studio release". */
export const rejectReasonText = (code: RejectReason, note: string) => (note ? `${code}: ${note}` : code);
