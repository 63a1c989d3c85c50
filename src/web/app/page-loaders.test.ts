import { describe, expect, it } from 'vitest';
import { pageLoader, startLoadingPage } from './page-loaders';
import { PAGE_PATHS } from './page-paths';

describe('page loaders', () => {
  it('has an import for every page but the floor, which is in the entry', () => {
    for (const path of PAGE_PATHS.filter((page) => page !== '/')) {
      expect(typeof pageLoader(path), path).toBe('function');
    }
    expect(() => pageLoader('/')).toThrow('no page loader for /');
  });

  it('starts nothing for the floor or a path that is no page, and never throws', () => {
    expect(() => startLoadingPage('/')).not.toThrow();
    expect(() => startLoadingPage('/no-such-page/')).not.toThrow();
  });
});
