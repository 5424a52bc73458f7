/// <reference types="node" />
// URLSearchParams, as the browser and the server parse these query strings; common itself runs anywhere.
import { describe, expect, it } from 'vitest';
import { adSearchCriteriaBodySchema, adSearchCriteriaSchema, adSearchQuerySchema } from './ads';
import { AD_LOCATION_MAX_LENGTH, AD_PRICE_MAX, PLACE_ID_MAX, SEARCH_QUERY_MAX_LENGTH } from './constants';
import { SEARCH_CRITERIA, searchQueryString, sortOfSearch, type AdSearchCriteria } from './search-criteria';
import { readSearchCriteria, readSearchCriterion, readSearchPrice } from './search-reading';

const everyCriterion: AdSearchCriteria = {
  q: 'red bike',
  category: 'vehicles',
  minPrice: 10.5,
  maxPrice: 500,
  location: 'Denver, CO',
  place: 5419384,
  radius: 10,
  sort: 'distance',
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
    expect(searchQueryString({ category: undefined, location: '', sort: 'newest' })).toBe('');
    expect(searchQueryString({ q: 'bike', sort: 'relevance' })).toBe('q=bike');
    // With words, the newest first is a choice: it stays in links and in Load More's requests.
    expect(searchQueryString({ q: 'bike', sort: 'newest' })).toBe('q=bike&sort=newest');
    // Best match without words is the newest first.
    expect(searchQueryString({ sort: 'relevance', minPrice: 5 })).toBe('minPrice=5');
    expect(searchQueryString({ sort: 'oldest', minPrice: 0 }, { cursor: 'abc' })).toBe(
      'minPrice=0&sort=oldest&cursor=abc',
    );
    expect(searchQueryString({})).toBe('');
  });

  it('encodes values as a form does', () => {
    const text = searchQueryString({ q: 'a&b=c +"d"', location: 'São Paulo' });
    expect(text).toBe(new URLSearchParams({ q: 'a&b=c +"d"', location: 'São Paulo' }).toString());
  });

  it('drops values a page URL carries that do not parse, and falls back to the default order', () => {
    const read = readSearchCriteria(
      new URLSearchParams('minPrice=cheap&maxPrice=-3&sort=best&category=Nope&q=%20'),
    );
    expect(read).toEqual({});
    expect(sortOfSearch(read)).toBe('newest');
  });
});

describe('sortOfSearch', () => {
  it('is best match for words, the newest first without, and the order named otherwise', () => {
    expect(sortOfSearch({ q: 'bike' })).toBe('relevance');
    expect(sortOfSearch({})).toBe('newest');
    expect(sortOfSearch({ q: '  ', sort: 'relevance' })).toBe('newest');
    expect(sortOfSearch({ q: 'bike', sort: 'price-low' })).toBe('price-low');
    expect(sortOfSearch({ sort: 'popular' })).toBe('popular');
  });

  it('drops a radius and the distance order from a page URL that names no place, and a radius not offered', () => {
    expect(readSearchCriteria(new URLSearchParams('radius=10&sort=distance&q=bike'))).toEqual({ q: 'bike' });
    expect(readSearchCriteria(new URLSearchParams('place=5419384&radius=7'))).toEqual({ place: 5419384 });
  });

  it('refuses, in the API, a radius or the distance order without a place', () => {
    for (const query of ['radius=10', 'sort=distance', 'place=5419384&radius=15']) {
      expect(
        adSearchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query))).success,
        query,
      ).toBe(false);
    }
    expect(adSearchQuerySchema.parse({ place: '5419384', sort: 'distance' })).toMatchObject({
      place: 5419384,
    });
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

describe('the page’s reading of a criterion, without zod', () => {
  // Texts on each side of every rule: blank, spaces, lengths, signs, number notations, the
  // bounds, the lists of radii and orders.
  const texts = [
    '',
    '  ',
    'bike',
    '  red bike  ',
    'x'.repeat(SEARCH_QUERY_MAX_LENGTH),
    'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1),
    ` ${'x'.repeat(SEARCH_QUERY_MAX_LENGTH)} `,
    'y'.repeat(AD_LOCATION_MAX_LENGTH + 1),
    'vehicles',
    'real-estate',
    'Vehicles',
    ' vehicles',
    '-estate',
    'a'.repeat(40),
    'a'.repeat(41),
    '0',
    '-0',
    '-1',
    '7',
    ' 12 ',
    '12.5',
    '10.505',
    '1e3',
    '0x10',
    'Infinity',
    'NaN',
    '12abc',
    '٣',
    String(AD_PRICE_MAX),
    String(AD_PRICE_MAX + 1),
    '5',
    '25',
    '100',
    '5419384',
    String(PLACE_ID_MAX),
    String(PLACE_ID_MAX + 1),
    'newest',
    'distance',
    'price-low',
    'best',
  ];

  it('answers as the API’s schema does: its value when the API takes the text, none when it refuses it', () => {
    for (const name of SEARCH_CRITERIA) {
      for (const text of texts) {
        const api = adSearchCriteriaBodySchema.safeParse({ [name]: text });
        expect(readSearchCriterion(name, text), `${name}=${JSON.stringify(text)}`).toEqual(
          api.success ? api.data[name] : undefined,
        );
      }
    }
  });
});
