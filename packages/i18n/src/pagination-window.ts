/** The page numbers to show around `page`: `size` consecutive pages, clamped to 1..pages. */
export function paginationWindow(page: number, pages: number, size = 5): number[] {
  if (pages < 1 || size < 1) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
