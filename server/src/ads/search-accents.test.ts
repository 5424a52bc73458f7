import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  const seller = await createSeller(testApp.app);
  await insertAds(testApp, seller.id, [
    { title: 'Pokémon cards, first edition', description: 'Forty cards in sleeves.' },
    { title: 'Cafe table', description: 'Round, marble top.' },
    { title: 'Espresso cups', description: 'Six cups from a Parisian café.' },
    { title: 'Crème brûlée torch', description: 'Refillable, with a stand.' },
    { title: 'Resume templates', description: 'Printed, for a job fair.' },
  ]);
});
afterAll(() => testApp.close());

/** The titles a search finds, alphabetically. */
async function titlesFound(words: string): Promise<string[]> {
  const response = await testApp.app.inject(`/api/ads?q=${encodeURIComponent(words)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ ads: { title: string }[] }>()
    .ads.map((ad) => ad.title)
    .sort();
}

describe('GET /api/ads: words with accents', () => {
  it('finds a word typed without its accents, and with them', async () => {
    expect(await titlesFound('pokemon')).toEqual(['Pokémon cards, first edition']);
    expect(await titlesFound('POKÉMON cards')).toEqual(['Pokémon cards, first edition']);
    expect(await titlesFound('creme brulee')).toEqual(['Crème brûlée torch']);
  });

  it('finds a word typed with accents where the ad has none, in titles and descriptions', async () => {
    expect(await titlesFound('café')).toEqual(['Cafe table', 'Espresso cups']);
    expect(await titlesFound('cafe')).toEqual(['Cafe table', 'Espresso cups']);
    expect(await titlesFound('résumé')).toEqual(['Resume templates']);
  });

  it('still excludes a word after a minus, accents or not', async () => {
    expect(await titlesFound('café -espresso')).toEqual(['Cafe table']);
    expect(await titlesFound('cups -cafe')).toEqual([]);
  });
});
