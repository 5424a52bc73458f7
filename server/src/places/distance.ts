import { sql, type SQL } from 'drizzle-orm';
import type { Coordinates } from './queries';

/** A search's centre and radius, in metres (earthdistance's unit). */
export interface SearchCircle extends Coordinates {
  radiusMetres: number;
}

const centreOf = ({ lat, lon }: Coordinates) => sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;

/** Metres along the earth's surface from the centre to the ad `a` (null when it has no coordinates). */
export const distanceFromCentre = (centre: Coordinates): SQL<number> =>
  sql<number>`earth_distance(${centreOf(centre)}, a.earth_point)`;

/**
 * The straight-line distance through the earth from the centre to the ad `a`: it orders ads
 * as the distance along the surface does, and `order by` it reads the earth index nearest
 * first, stopping after the page (a KNN scan).
 */
export const nearnessToCentre = (centre: Coordinates): SQL<number> =>
  sql<number>`(a.earth_point <-> ${centreOf(centre)})`;

/**
 * The one radius predicate on ads `a` (search and saved-search matching use this). `indexed`:
 * the cube around the circle is a range of the GiST index advertisements_active_earth_search_idx,
 * and the exact distance then drops the cube's corners. Without it, the exact distance alone,
 * a filter on ads read in another index's order.
 */
export const withinCircle = (circle: SearchCircle, { indexed }: { indexed: boolean }): SQL => {
  const isNear = sql`${distanceFromCentre(circle)} <= ${circle.radiusMetres}::float8`;
  return indexed
    ? sql`earth_box(${centreOf(circle)}, ${circle.radiusMetres}::float8) @> a.earth_point and ${isNear}`
    : isNear;
};
