import type { MembersTable } from '@vt/db';
import type { Selectable } from 'kysely';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { MemberSearch, MembersRepository } from './members.repository';

export const MEMBER_SORTS = ['recent', 'most-popular', 'alphabet', 'count-videos'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** Age filter 1–4 (spec §3) as inclusive year ranges. */
export const AGE_RANGES: Record<1 | 2 | 3 | 4, [number, number]> = {
  1: [18, 25],
  2: [26, 35],
  3: [36, 50],
  4: [51, 150],
};

/** The 6 filters of the member list (spec §3); null means any. Codes use the spec's option ranges. */
export interface MemberFilters {
  country: string | null;
  gender: 1 | 2 | 3 | null;
  age: 1 | 2 | 3 | 4 | null;
  relationship: 1 | 2 | 3 | null;
  /** 1 with an avatar, 2 without. */
  avatar: 1 | 2 | null;
  orientation: 1 | 2 | 3 | 4 | 5 | null;
}

export interface MemberListQuery {
  sort: MemberSort;
  count: number;
  page: number;
  filters: MemberFilters;
  /** A part of the name, case-insensitive. */
  search: string | null;
}

export interface MemberThumb {
  id: number;
  name: string;
  avatar: string | null;
  country: string | null;
  age: number | null;
  gender: number | null;
}

/** The columns toMemberThumb needs. */
export type MemberThumbRow = Pick<
  Selectable<MembersTable>,
  'id' | 'name' | 'avatar' | 'country' | 'birth_date' | 'gender'
>;

export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
}

export function toMemberThumb(r: MemberThumbRow, today: Date): MemberThumb {
  return {
    id: r.id,
    name: r.name,
    avatar: r.avatar,
    country: r.country,
    age: r.birth_date ? ageOn(r.birth_date, today) : null,
    gender: r.gender,
  };
}

/** The community list: active members, filtered and sorted. */
export function createMemberList({ members, clock }: { members: MembersRepository; clock: Clock }) {
  const isoYearsAgo = (years: number, today: Date) =>
    `${today.getUTCFullYear() - years}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;

  return {
    async list(q: MemberListQuery): Promise<Listing<MemberThumb>> {
      const today = new Date(clock.now() * 1000);
      const f = q.filters;
      const search: MemberSearch = { equals: {}, hasAvatar: null, born: null, nameContains: q.search };
      for (const key of ['country', 'gender', 'relationship', 'orientation'] as const) {
        const value = f[key];
        if (value !== null) search.equals[key] = value;
      }
      if (f.avatar !== null) search.hasAvatar = f.avatar === 1;
      if (f.age !== null) {
        const [min, max] = AGE_RANGES[f.age];
        // Aged min..max today: born after the day max+1 years ago and on or before the day min years ago.
        search.born = { after: isoYearsAgo(max + 1, today), until: isoYearsAgo(min, today) };
      }
      const { total, rows } = await members.search(search, q.sort, q.count, (q.page - 1) * q.count);
      return {
        items: rows.map((r) => toMemberThumb(r, today)),
        totalCount: total,
        page: q.page,
        pages: Math.ceil(total / q.count),
      };
    },
  };
}

export type MemberList = ReturnType<typeof createMemberList>;
