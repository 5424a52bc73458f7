import { sql, type SQL } from 'drizzle-orm';
import type { Coordinates } from './queries';

/** A search's centre and radius, in metres (earthdistance's unit). */
export interface SearchCircle extends Coordinates {
  radiusMetres: number;
}

const centreOf = ({ lat, lon }: Coordinates) => sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;

/** Metres along the earth's surface from the centre to the ad `a` (null when it has no coordinates). */
export const distanceFromCentre = (centre: Coordinates): SQL<number> =>
  sql<number>`earth_distance(${centreOf(centre)}, ll_to_earth(a.lat, a.lon))`;

/**
 * The one radius predicate on ads `a` (search and saved-search matching use this): the cube
 * around the circle is a range of the GiST index advertisements_active_earth_idx, and the
 * exact great-circle distance then drops the cube's corners.
 */
export const withinCircle = (circle: SearchCircle): SQL =>
  sql`earth_box(${centreOf(circle)}, ${circle.radiusMetres}::float8) @> ll_to_earth(a.lat, a.lon)
    and ${distanceFromCentre(circle)} <= ${circle.radiusMetres}::float8`;
