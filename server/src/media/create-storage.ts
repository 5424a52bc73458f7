import path from 'node:path';
import type { Config } from '../config';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type Storage } from './storage';

export async function createStorage(config: Config): Promise<Storage> {
  switch (config.STORAGE) {
    case 'local':
      return createLocalStorage(path.join(config.DATA_DIR, 'uploads'));
    case 's3':
      return createS3Storage({
        // The config refuses STORAGE=s3 without a bucket.
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      });
  }
}
