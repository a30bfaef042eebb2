/** The members domain's shapes handed to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

/** A member's public profile (spec §3 Member), plus which of their sections they keep private. */
export interface MemberProfile {
  id: number;
  name: string;
  avatar: string | null;
  cover: string | null;
  gender: number | null;
  age: number | null;
  birthDate: string | null;
  relationship: number | null;
  orientation: number | null;
  education: string | null;
  website: string | null;
  country: string | null;
  city: string | null;
  occupation: string | null;
  interests: string | null;
  about: string | null;
  joinedAt: number;
  lastSeenAt: number | null;
  videos: number;
  subscribers: number;
  views: number;
  friends: number;
  privateSections: string[];
}

/** Something a member subscribes to: a model, another member (uploader) or a channel. */
export type MemberSubscription =
  | { section: 'model'; id: number; dir: string; title: string; scr: string | null; videos: number }
  | { section: 'member'; id: number; name: string; avatar: string | null; videos: number }
  | { section: 'channel'; id: number; dir: string; title: string; videos: number };
