import type Database from 'better-sqlite3';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';

export const MEMBER_SORTS = ['recent', 'most-popular', 'alphabet', 'count-videos'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

const ORDER: Record<MemberSort, string> = {
  recent: 'created_at DESC, id DESC',
  'most-popular': 'subscribers_count DESC, id DESC',
  alphabet: 'name COLLATE NOCASE ASC, id ASC',
  'count-videos': 'videos_count DESC, id DESC',
};

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
export interface MemberThumbRow {
  id: number;
  name: string;
  avatar: string | null;
  country: string | null;
  birth_date: string | null;
  gender: number | null;
}

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
export function createMemberList({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const isoYearsAgo = (years: number, today: Date) =>
    `${today.getUTCFullYear() - years}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;

  return {
    list(q: MemberListQuery): Listing<MemberThumb> {
      const today = new Date(clock.now() * 1000);
      const where = ["status = 'active'"];
      const params: unknown[] = [];
      const f = q.filters;
      for (const key of ['country', 'gender', 'relationship', 'orientation'] as const) {
        if (f[key] !== null) {
          where.push(`${key} = ?`);
          params.push(f[key]);
        }
      }
      if (f.avatar !== null) where.push(f.avatar === 1 ? 'has_avatar = 1' : 'has_avatar = 0');
      if (f.age !== null) {
        const [min, max] = AGE_RANGES[f.age];
        // Aged min..max today: born after the day max+1 years ago and on or before the day min years ago.
        where.push('birth_date > ?', 'birth_date <= ?');
        params.push(isoYearsAgo(max + 1, today), isoYearsAgo(min, today));
      }
      if (q.search) {
        where.push('instr(lower(name), lower(?)) > 0');
        params.push(q.search);
      }
      const clause = where.join(' AND ');
      const total = (
        sqlite.prepare(`SELECT count(*) AS n FROM members WHERE ${clause}`).get(...params) as { n: number }
      ).n;
      const rows =
        (q.page - 1) * q.count < total
          ? (sqlite
              .prepare(
                `SELECT id, name, avatar, country, birth_date, gender FROM members WHERE ${clause}
                 ORDER BY ${ORDER[q.sort]} LIMIT ? OFFSET ?`,
              )
              .all(...params, q.count, (q.page - 1) * q.count) as MemberThumbRow[])
          : [];
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
