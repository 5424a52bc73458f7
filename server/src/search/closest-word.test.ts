import { describe, expect, it } from 'vitest';
import { chooseClosestWord, editDistance, editsAllowed } from './closest-word';

describe('editDistance', () => {
  it('counts each inserted, deleted or replaced letter as one edit', () => {
    expect(editDistance('table', 'table')).toBe(0);
    expect(editDistance('guitr', 'guitar')).toBe(1);
    expect(editDistance('camera', 'camra')).toBe(1);
    expect(editDistance('bicycle', 'bicyclr')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'bike')).toBe(4);
  });

  it('counts two neighbouring letters swapped as one edit', () => {
    expect(editDistance('tabel', 'table')).toBe(1);
    expect(editDistance('iphnoe', 'iphone')).toBe(1);
    expect(editDistance('hcair', 'chair')).toBe(1);
    // Two letters apart is no swap: two replacements.
    expect(editDistance('tlbae', 'table')).toBe(2);
  });

  it('edits no letter twice (optimal string alignment)', () => {
    // True Damerau–Levenshtein finds 2 (ca → ac → abc); a person typing sees three edits.
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('is the same both ways, and counts letters, not UTF-16 units', () => {
    expect(editDistance('tab', 'tabel')).toBe(editDistance('tabel', 'tab'));
    expect(editDistance('café', 'cafe')).toBe(1);
    expect(editDistance('𝔸b', 'b𝔸')).toBe(1);
  });
});

describe('editsAllowed', () => {
  it('allows one edit for every three letters, at least 1 and at most 3', () => {
    expect([3, 5, 6, 8, 9, 12, 40].map((length) => editsAllowed('x'.repeat(length)))).toEqual([
      1, 1, 2, 2, 3, 3, 3,
    ]);
  });
});

describe('chooseClosestWord', () => {
  it('prefers the fewest edits to the most similar trigrams', () => {
    const nearWords = [
      { word: 'tab', similarity: 0.43, ads: 60 },
      { word: 'table', similarity: 0.33, ads: 2 },
    ];
    expect(chooseClosestWord('tabel', nearWords)).toBe('table');
  });

  it('breaks a tie by similarity, then the most used, then the alphabet', () => {
    const near = (word: string, similarity: number, ads: number) => ({ word, similarity, ads });
    expect(chooseClosestWord('lovesat', [near('lovesa', 0.4, 9), near('loveseat', 0.55, 1)])).toBe(
      'loveseat',
    );
    expect(chooseClosestWord('cst', [near('cast', 0.29, 3), near('cost', 0.29, 64)])).toBe('cost');
    expect(chooseClosestWord('cst', [near('cost', 0.29, 5), near('cast', 0.29, 5)])).toBe('cast');
  });

  it('chooses none of words too many edits away', () => {
    expect(chooseClosestWord('bikexqzv', [{ word: 'bike', similarity: 0.4, ads: 10 }])).toBeUndefined();
    expect(chooseClosestWord('tabel', [{ word: 'tab', similarity: 0.43, ads: 60 }])).toBeUndefined();
    expect(chooseClosestWord('tabel', [])).toBeUndefined();
  });
});
