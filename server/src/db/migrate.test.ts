import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../test/database';
import { migrationsFolder } from '../paths';
import { runMigrations } from './migrate';

interface TableState {
  /** Its relfilenode: a rewrite gives the table new storage. */
  storage: string;
  pages: number;
  allVisible: number;
  vacuumed: Date | null;
  analysed: Date | null;
}

/**
 * An upgrade: a database migrated by an earlier build (the template, all of today's migrations)
 * meets a build with one more migration, which rewrites a table.
 */
describe('runMigrations on an upgrade', () => {
  let url: string;
  let pool: pg.Pool;
  let folder: string;

  async function stateOf(table: string): Promise<TableState> {
    const { rows } = await pool.query<TableState>(
      `select c.relfilenode::text as storage, c.relpages as pages, c.relallvisible as "allVisible",
              s.last_vacuum as vacuumed, s.last_analyze as analysed
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid
       where c.oid = $1::regclass`,
      [table],
    );
    return rows[0]!;
  }

  beforeAll(async () => {
    url = await createTestDatabase(inject('databaseServerUrl'));
    pool = new pg.Pool({ connectionString: url, max: 2 });
    // Today's migrations and one later one; a volatile default makes PostgreSQL rewrite the table.
    folder = await mkdtemp(path.join(tmpdir(), 'bazaar-migrations-'));
    await cp(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const last = journal.entries.at(-1)!;
    const tag = '9999_rewrites-categories';
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
    await writeFile(journalFile, JSON.stringify(journal));
    await writeFile(
      path.join(folder, `${tag}.sql`),
      'alter table "categories" add column "rewritten" double precision default random() not null;',
    );
  });

  afterAll(async () => {
    await pool.end();
    await dropTestDatabase(inject('databaseServerUrl'), url);
    await rm(folder, { recursive: true, force: true });
  });

  it('vacuums and analyses the table a new migration rewrote, and only that one', async () => {
    const before = await stateOf('categories');

    await runMigrations(pool, folder);

    const categories = await stateOf('categories');
    expect(categories.storage).not.toBe(before.storage);
    expect(categories.pages).toBeGreaterThan(0);
    // Every page in the visibility map again: index-only scans skip the table once more.
    expect(categories.allVisible).toBe(categories.pages);
    expect(categories.vacuumed).not.toBeNull();
    expect(categories.analysed).not.toBeNull();
    expect((await stateOf('advertisements')).vacuumed).toBeNull();
  });

  it('does nothing more when every migration has run', async () => {
    const vacuumed = (await stateOf('categories')).vacuumed;

    await runMigrations(pool, folder);

    expect((await stateOf('categories')).vacuumed).toEqual(vacuumed);
  });
});
