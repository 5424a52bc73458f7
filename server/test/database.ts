import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEMPLATE_DATABASE = 'bazaar_test_template';

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(serverUrl: string): Promise<string> {
  const name = `bazaar_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}

export async function dropTestDatabase(serverUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
