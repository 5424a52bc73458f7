import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, nextRemoteAddress, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * Every counted view writes a new version of the ad's row. Searches walk the ads in creation
 * order, the order the table is appended in, so each new version should stay on its ad's page
 * rather than go to whichever page has room (migration 0018: a fifth of each page kept free).
 *
 * Later versions stay there too once PostgreSQL prunes the dead ones, but only when no older
 * transaction is open anywhere on its server, which the test run's other files share: that is
 * measured on a server of its own by `npm run bench:row-order -w bench`. Here: the room kept
 * free takes the first new versions without any pruning.
 */

let testApp: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
});
afterAll(() => testApp.close());

/** The table page each ad's current row is on. */
async function pagesOf(ids: string[]): Promise<Map<string, number>> {
  const { rows } = await testApp.database.db.execute<{ id: string; page: number }>(
    sql`select id, (ctid::text::point)[0]::int as page from advertisements where id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.page]));
}

describe('ad rows', () => {
  it('stay on their page when their views are counted, even on a page the inserts filled', async () => {
    // Ads of about the bench's average row (600 bytes), enough to fill several pages.
    const ids = await insertAds(
      testApp,
      seller.id,
      Array.from({ length: 60 }, (_, index) => ({
        title: `Vintage road bike number ${index}`,
        description:
          'Steel frame, new tyres and brakes, serviced last month. Rides smoothly, a few scratches on ' +
          `the top tube. Collection only, cash or transfer. Ask for more photos of item ${index}.`,
      })),
    );
    const before = await pagesOf(ids);
    // The first page: inserts went on to the next one only once it was as full as allowed.
    const onFirstPage = ids.filter((id) => before.get(id) === before.get(ids[0]!));
    expect(onFirstPage.length).toBeGreaterThan(5);
    expect(onFirstPage.length).toBeLessThan(ids.length);

    // As many new versions as the fifth of an 8 kB page kept free holds, counting each row's
    // line pointer and alignment generously (on a full page, the first one moves).
    const { rows } = await testApp.database.db.execute<{ bytes: number }>(
      sql`select max(pg_column_size(a.*))::int as bytes from advertisements a where id = any(${sql.param(ids)}::uuid[])`,
    );
    const roomFor = Math.floor(8192 / 5 / (rows[0]!.bytes + 24));
    expect(roomFor).toBeGreaterThan(0);
    const viewed = onFirstPage.slice(0, roomFor);
    for (const id of viewed) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/ads/${id}/views`,
        remoteAddress: nextRemoteAddress(),
        headers: { origin: TEST_PUBLIC_URL },
      });
      expect(response.json()).toMatchObject({ views: 1, counted: true });
    }

    const after = await pagesOf(viewed);
    expect(viewed.filter((id) => after.get(id) !== before.get(id))).toEqual([]);
  });
});
