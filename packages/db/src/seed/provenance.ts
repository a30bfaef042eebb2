import type Database from 'better-sqlite3';
import type { LicenceBasis, OriginalFormat } from '../schema/provenance';
import { createRandom } from './random';

/** Invented studios and labels: no real company's name. */
const STUDIOS = [
  'Lantern Reel Pictures',
  'Silver Gate Films',
  'Velvet Arcade Productions',
  'Harbour Light Studio',
  'Blue Orchid Features',
  'Copperfield Motion Co.',
  'Starling Home Video',
  'Midnight Tandem Films',
  'Riviera Loop Company',
  'Juniper Street Productions',
] as const;

const DECADE_TAGS: Record<string, number> = {
  fifties: 1950,
  sixties: 1960,
  seventies: 1970,
  eighties: 1980,
  nineties: 1990,
};

const ARCHIVES = ['Vintage Tube Archive', 'Reelhouse Film Trust', 'Old Reel Preservation Society'] as const;

/** What was shot or mastered in each decade: film gauges early, tape from the late 1970s, digital last. */
function formatsFor(year: number): OriginalFormat[] {
  if (year < 1960) return ['8mm', '16mm'];
  if (year < 1970) return ['8mm', '16mm', '35mm'];
  if (year < 1978) return ['16mm', '35mm', '8mm'];
  if (year < 1990) return ['vhs', 'betamax', 'umatic', '35mm'];
  return year < 1996 ? ['vhs', 'umatic'] : ['vhs', 'digital'];
}

/**
 * One provenance record per demo video (ADR 0036), from its seeded production year (which its title may
 * print): the decade follows the year, the format fits the decade. Its own random stream, so every other
 * seeded value stays as it was. About one in seven keeps only its year, so the queue has records to finish.
 */
export function seedProvenance(sqlite: Database.Database, now: number): void {
  const rng = createRandom(2257);
  // A video tagged with one decade's category (Fifties…Nineties) and no year in its title is dated in that
  // decade (its year's last digit kept), so the record, the tag and the title never disagree.
  const rows = sqlite
    .prepare(
      `SELECT v.id, v.title, v.production_year AS year,
         (SELECT group_concat(c.dir) FROM video_categories vc JOIN categories c ON c.id = vc.category_id
          WHERE vc.video_id = v.id AND c.dir IN ('fifties', 'sixties', 'seventies', 'eighties', 'nineties')) AS tags
       FROM videos v WHERE v.production_year IS NOT NULL ORDER BY v.id`,
    )
    .all() as { id: number; title: string; year: number; tags: string | null }[];
  const setYear = sqlite.prepare('UPDATE videos SET production_year = ? WHERE id = ?');
  const insert = sqlite.prepare(
    `INSERT INTO video_provenance (video_id, production_year, production_decade, studio, rights_holder,
       licence_basis, original_format, records_ref, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const decade = sqlite.prepare('UPDATE videos SET production_decade = ? WHERE id = ?');
  for (const row of rows) {
    const { id } = row;
    let year = row.year;
    const tagged = row.tags?.split(',') ?? [];
    if (tagged.length === 1 && !row.title.includes(String(year))) {
      year = DECADE_TAGS[tagged[0]] + (year % 10);
      setYear.run(year, id);
    }
    const dec = Math.floor(year / 10) * 10;
    decade.run(dec, id);
    if (rng.chance(0.14)) {
      insert.run(id, year, dec, null, null, null, null, null, now);
      continue;
    }
    const studio = rng.pick(STUDIOS);
    const basis: LicenceBasis = rng.pick(['licensed', 'licensed', 'licensed', 'owned', 'permission']);
    const holder = basis === 'owned' ? 'Vintage Tube Archive' : rng.chance(0.6) ? studio : rng.pick(ARCHIVES);
    // 2257 records exist for what was produced from July 1995; earlier films are exempt and carry none.
    const ref = year >= 1995 ? `VT-2257-${year}-${String(id).padStart(5, '0')}` : null;
    insert.run(id, year, dec, studio, holder, basis, rng.pick(formatsFor(year)), ref, now);
  }
}
