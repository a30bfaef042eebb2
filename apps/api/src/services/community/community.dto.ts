/** The community domain's shapes handed to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

export interface WallPost {
  id: number;
  body: string;
  createdAt: number;
  author: { id: number; name: string; avatar: string | null };
}

/** What comments can be read on (the legacy `section` segment). */
export const COMMENT_SECTIONS = ['video', 'album', 'model', 'member'] as const;
export type CommentSection = (typeof COMMENT_SECTIONS)[number];

export interface CommentItem {
  id: number;
  comment: string;
  addedDate: number;
  member: { id: number; name: string; avatar: string | null };
}
