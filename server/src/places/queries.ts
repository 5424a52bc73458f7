import type { Place } from '@bazaar/common/places';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { unknownPlace } from '../http/errors';

type PlaceRow = {
  id: number;
  name: string;
  region: string | null;
  country: string;
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Austin, TX, United States": the picker's line and the location text of an ad that names it. */
export function presentPlace(row: PlaceRow): Place {
  const parts = [row.name, row.region, countryNames.of(row.country) ?? row.country];
  return { ...row, label: parts.filter(Boolean).join(', ') };
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Places whose name starts with `prefix` (any case), most populous first: a range of places_name_prefix_idx. */
export async function findPlacesByPrefix(db: Executor, prefix: string, limit: number): Promise<Place[]> {
  const { rows } = await db.execute<PlaceRow>(sql`
    select id, name, region, country from places
    where lower(name) like ${`${escapeLike(prefix.toLowerCase())}%`}
    order by population desc, id
    limit ${limit}`);
  return rows.map(presentPlace);
}

export async function findPlace(db: Executor, id: number): Promise<Place | undefined> {
  const { rows } = await db.execute<PlaceRow>(
    sql`select id, name, region, country from places where id = ${id}`,
  );
  return rows[0] && presentPlace(rows[0]);
}

/** Whether the gazetteer has been loaded (it loads in the background after a first start). */
export async function isGazetteerLoaded(db: Executor): Promise<boolean> {
  const { rows } = await db.execute<{ loaded: boolean }>(
    sql`select exists (select 1 from gazetteer_state) as loaded`,
  );
  return rows[0]?.loaded ?? false;
}

export type Coordinates = {
  lat: number;
  lon: number;
};

/**
 * The coordinates of a place a person chose, read by the server: clients name a place, never
 * coordinates. An id that is no place is a 400 (unknown_place).
 */
export async function coordinatesOfPlace(db: Executor, id: number): Promise<Coordinates> {
  const { rows } = await db.execute<Coordinates>(sql`select lat, lon from places where id = ${id}`);
  if (!rows[0]) throw unknownPlace();
  return rows[0];
}
