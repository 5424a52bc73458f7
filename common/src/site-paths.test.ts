import { describe, expect, it } from 'vitest';
import { matchesRoutePattern, paths, routePatterns } from './site-paths';

describe('site paths', () => {
  it('builds links from the route patterns, each value one encoded segment', () => {
    expect(paths.ad('a/b c')).toBe('/ad/a%2Fb%20c');
    expect(paths.editAd('42')).toBe('/ad/42/edit');
    expect(paths.category('home-garden')).toBe('/category/home-garden');
    expect(paths.conversation('7')).toBe('/messages/7');
    expect(paths.search()).toBe('/search');
    expect(paths.search('red bike')).toBe('/search?q=red%20bike');
    // A value that looks like a replacement pattern stays as written.
    expect(paths.ad('$&')).toBe('/ad/%24%26');
  });

  it('matches a path to its pattern: a :name is one non-empty segment', () => {
    expect(matchesRoutePattern(routePatterns.home, '/')).toBe(true);
    expect(matchesRoutePattern(routePatterns.home, '/search')).toBe(false);
    expect(matchesRoutePattern(routePatterns.ad, '/ad/abc')).toBe(true);
    expect(matchesRoutePattern(routePatterns.ad, '/ad/')).toBe(false);
    expect(matchesRoutePattern(routePatterns.ad, '/ad/abc/edit')).toBe(false);
    expect(matchesRoutePattern(routePatterns.editAd, '/ad/abc/edit')).toBe(true);
    expect(matchesRoutePattern(routePatterns.search, '/search/')).toBe(false);
    for (const [name, pattern] of Object.entries(routePatterns)) {
      const link = paths[name as keyof typeof paths];
      const href = typeof link === 'function' ? link('x') : link;
      expect(matchesRoutePattern(pattern, href.split('?')[0]!), name).toBe(true);
    }
  });
});
