import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';

/** Someone's rows that a limit counts: those of `table` whose `owner` is them, by `createdAt`. */
interface CountedRows {
  table: PgTable;
  owner: PgColumn;
  createdAt: PgColumn;
}

/**
 * A limit of `limit` rows per sliding window (messages a minute, reports an hour): undefined
 * while the owner's newest rows in the window are fewer, else the seconds until the
 * `limit`-th newest leaves it, when one more may go (the 429's Retry-After). Call it under a
 * lock of the owner's writes, so that parallel requests cannot both see room for one.
 */
export async function waitForRoomInWindow(
  executor: Pick<Database, 'execute'>,
  rows: CountedRows,
  ownerId: string,
  { windowSeconds, limit }: { windowSeconds: number; limit: number },
): Promise<number | undefined> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const { rows: found } = await executor.execute<{ wait_seconds: number }>(sql`
    select extract(epoch from ${rows.createdAt} + ${window} - clock_timestamp())::float8 as wait_seconds
    from ${rows.table}
    where ${rows.owner} = ${ownerId} and ${rows.createdAt} > clock_timestamp() - ${window}
    order by ${rows.createdAt} desc offset ${limit - 1} limit 1`);
  return found[0]?.wait_seconds;
}
