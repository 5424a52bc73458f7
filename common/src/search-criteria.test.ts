/// <reference types="node" />
// URLSearchParams, as the browser and the server parse these query strings; common itself runs anywhere.
import { describe, expect, it } from 'vitest';
import {
  adSearchCriteriaSchema,
  adSearchQuerySchema,
  readSearchCriteria,
  readSearchPrice,
  type AdSearchCriteria,
} from './ads';
import { AD_PRICE_MAX } from './constants';
import { searchQueryString } from './search-criteria';

const everyCriterion: AdSearchCriteria = {
  q: 'red bike',
  category: 'vehicles',
  minPrice: 10.5,
  maxPrice: 500,
  location: 'Denver, CO',
  sort: 'price-high',
};

describe('search criteria, declared once by their schema', () => {
  it('writes every criterion of the schema to the query string and reads it back', () => {
    // A criterion added to the shape without the builder knowing it would fail here.
    expect(Object.keys(everyCriterion).sort()).toEqual(Object.keys(adSearchCriteriaSchema.shape).sort());
    const text = searchQueryString(everyCriterion);
    expect(readSearchCriteria(new URLSearchParams(text))).toEqual(everyCriterion);
    expect(adSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)))).toMatchObject(
      everyCriterion,
    );
  });

  it('leaves out what is not set and the default sort, and appends the cursor last', () => {
    expect(searchQueryString({ q: 'bike', category: undefined, location: '', sort: 'newest' })).toBe(
      'q=bike',
    );
    expect(searchQueryString({ sort: 'oldest', minPrice: 0 }, { cursor: 'abc' })).toBe(
      'minPrice=0&sort=oldest&cursor=abc',
    );
    expect(searchQueryString({})).toBe('');
  });

  it('encodes values as a form does', () => {
    const text = searchQueryString({ q: 'a&b=c +"d"', location: 'São Paulo' });
    expect(text).toBe(new URLSearchParams({ q: 'a&b=c +"d"', location: 'São Paulo' }).toString());
  });

  it('drops values a page URL carries that do not parse, and falls back to the newest first', () => {
    const read = readSearchCriteria(
      new URLSearchParams('minPrice=cheap&maxPrice=-3&sort=best&category=Nope&q=%20'),
    );
    expect(read).toEqual({ sort: 'newest' });
  });
});

describe('readSearchPrice', () => {
  it('reads a price as the API does: a number from 0 to the maximum, anything else is no price', () => {
    expect(readSearchPrice('10.50')).toBe(10.5);
    expect(readSearchPrice(' 7 ')).toBe(7);
    expect(readSearchPrice('0')).toBe(0);
    for (const text of ['', '  ', '-1', '12abc', 'ten', String(AD_PRICE_MAX * 10)]) {
      expect(readSearchPrice(text)).toBeUndefined();
    }
  });
});
