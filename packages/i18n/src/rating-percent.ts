/** Spec §9: a 0..5 rating is shown as rating ÷ 0.05 percent, capped at 100. */
export function ratingPercent(rating: number): number {
  if (!Number.isFinite(rating) || rating <= 0) return 0;
  return Math.min(100, Math.round(rating / 0.05));
}
