function scaled(n: number, unit: number): number {
  const value = n / unit;
  // One decimal only below 10 units, so '1.2K' but '12K'.
  return value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
}

/**
 * Spec §9: 4–6 digit counts as K, 7+ digits as M. A value that rounds up to 1000K is promoted
 * to '1M' so the output never reads '1000K'.
 */
export function abbreviateCount(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  const whole = Math.floor(n);
  if (whole < 1_000) return String(whole);
  const thousands = scaled(whole, 1_000);
  if (thousands < 1_000) return `${thousands}K`;
  return `${scaled(whole, 1_000_000)}M`;
}
