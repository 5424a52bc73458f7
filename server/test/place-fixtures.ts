import type pg from 'pg';
import type { GazetteerPlace, PlaceColumns } from '../src/places/gazetteer-package';
import { loadGazetteer } from '../src/places/load-gazetteer';

/** Real places of the gazetteer package (GeoNames ids and coordinates), a few for each test. */
export const testPlaces = {
  denver: {
    id: 5419384,
    name: 'Denver',
    region: 'CO',
    country: 'US',
    population: 682545,
    lat: 39.73915,
    lon: -104.9847,
  },
  /** 8.5 km west of Denver. */
  wheatRidge: {
    id: 5443948,
    name: 'Wheat Ridge',
    region: 'CO',
    country: 'US',
    population: 31192,
    lat: 39.7661,
    lon: -105.07721,
  },
  /** 79.7 km north-north-east of Denver. */
  greeley: {
    id: 5577592,
    name: 'Greeley',
    region: 'CO',
    country: 'US',
    population: 100883,
    lat: 40.42331,
    lon: -104.70913,
  },
  austin: {
    id: 4671654,
    name: 'Austin',
    region: 'TX',
    country: 'US',
    population: 931830,
    lat: 30.26715,
    lon: -97.74306,
  },
  springfieldIllinois: {
    id: 4250542,
    name: 'Springfield',
    region: 'IL',
    country: 'US',
    population: 116565,
    lat: 39.80172,
    lon: -89.64371,
  },
  springfieldMissouri: {
    id: 4409896,
    name: 'Springfield',
    region: 'MO',
    country: 'US',
    population: 166810,
    lat: 37.21533,
    lon: -93.29824,
  },
  lyon: {
    id: 2996944,
    name: 'Lyon',
    region: null,
    country: 'FR',
    population: 472317,
    lat: 45.74846,
    lon: 4.84671,
  },
} satisfies Record<string, GazetteerPlace>;

/** Places as the gazetteer's reader gives them. */
function asColumns(places: GazetteerPlace[]): PlaceColumns {
  return {
    ids: Int32Array.from(places, (place) => place.id),
    names: places.map((place) => place.name),
    regions: places.map((place) => place.region),
    countries: places.map((place) => place.country),
    populations: Int32Array.from(places, (place) => place.population),
    lats: Float64Array.from(places, (place) => place.lat),
    lons: Float64Array.from(places, (place) => place.lon),
  };
}

/** The place in row `index` of `places`. */
export function placeAt(places: PlaceColumns, index: number): GazetteerPlace {
  return {
    id: places.ids[index]!,
    name: places.names[index]!,
    region: places.regions[index]!,
    country: places.countries[index]!,
    population: places.populations[index]!,
    lat: places.lats[index]!,
    lon: places.lons[index]!,
  };
}

/** Loads the test places through the real loader (as the server loads the package's). */
export function loadTestPlaces(pool: pg.Pool, places: GazetteerPlace[] = Object.values(testPlaces)) {
  return loadGazetteer(pool, { source: 'test places', readPlaces: async () => asColumns(places) });
}
