import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSeller } from '../../test/factories';
import { advertisements } from '../db/schema';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/categories', () => {
  it('lists at least 12 categories in order, including the footer’s three', async () => {
    const response = await testApp.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    const { categories } = response.json<{ categories: { id: string; name: string; icon: string }[] }>();
    expect(categories.length).toBeGreaterThanOrEqual(12);
    expect(categories.map((category) => category.id)).toEqual(
      expect.arrayContaining(['electronics', 'vehicles', 'real-estate']),
    );
    for (const category of categories) {
      expect(category.name).not.toBe('');
      expect(category.icon).not.toBe('');
    }
  });

  it('counts only active ads per category', async () => {
    const seller = await createSeller(testApp.app);
    const ad = { user_id: seller.id, description: 'Good', price: 10, location: 'Austin, TX' };
    await testApp.database.db.insert(advertisements).values([
      { ...ad, title: 'Phone', category: 'electronics' },
      { ...ad, title: 'Laptop', category: 'electronics' },
      { ...ad, title: 'Hidden tablet', category: 'electronics', status: 'hidden' },
      { ...ad, title: 'Car', category: 'vehicles' },
    ]);
    const { categories } = (await testApp.app.inject('/api/categories')).json<{
      categories: { id: string; count: number }[];
    }>();
    const countOf = (id: string) => categories.find((category) => category.id === id)?.count;
    expect(countOf('electronics')).toBe(2);
    expect(countOf('vehicles')).toBe(1);
    expect(countOf('real-estate')).toBe(0);
  });
});
