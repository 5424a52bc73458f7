import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, type Storage } from './storage';

export function createStorage(config: Config): Storage & { root?: string } {
  switch (config.STORAGE) {
    case 'local':
      return createLocalStorage(path.join(config.DATA_DIR, 'uploads'));
    case 's3':
      throw new Error('STORAGE=s3 is wired in media/s3-storage.ts');
  }
}
