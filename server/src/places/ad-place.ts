import type { Executor } from '../db/database';
import { coordinatesOfPlace } from './queries';

/**
 * The place columns of an ad that names `placeId` (issue 14): its coordinates come from the
 * gazetteer, so a form cannot place an ad anywhere else. Null clears them (free text).
 */
export async function placeColumnsOf(
  db: Executor,
  placeId: number | null,
): Promise<{ place_id: number | null; lat: number | null; lon: number | null }> {
  if (placeId === null) return { place_id: null, lat: null, lon: null };
  return { place_id: placeId, ...(await coordinatesOfPlace(db, placeId)) };
}
