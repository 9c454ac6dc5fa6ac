import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** The spec's route table (section 2); each must reach a screen of its own, not the not-found page. */
const SPEC_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/support',
  '/faq',
  '/privacy',
  '/login',
  '/password-reset',
  '/sign-in-link',
  '/email-change',
  '/dashboard',
  '/dashboard/turbine/12',
  '/dashboard/turbine/12/360-view',
  '/turbine/12/operator-photos',
  '/turbine/12/drone-photos',
  '/dashboard/users',
  '/dashboard/companies',
];

describe('route table', () => {
  it('keeps the public site out of the management area', () => {
    for (const path of ['/', '/about', '/faq', '/no/such/page']) {
      expect(matchRoutes(routes, path)?.map((match) => match.route.id)).not.toContain('management');
    }
  });

  it.each(SPEC_ROUTES)('%s has its own screen', (path) => {
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    expect(leaf).toBeDefined();
    expect(leaf?.path).not.toBe('*');
  });

  it('sends unknown paths to the not-found page', () => {
    expect(matchRoutes(routes, '/no/such/page')?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes(routes, '/dashboard/unknown')?.at(-1)?.route.path).toBe('*');
  });

  it('puts every management route behind the management area (desktop gate + session check)', () => {
    for (const path of SPEC_ROUTES.filter((p) => p.startsWith('/dashboard') || p.startsWith('/turbine'))) {
      const ids = (matchRoutes(routes, path) ?? []).map((match) => match.route.id);
      expect(ids.slice(0, 3)).toEqual(['root', 'data', 'management']);
    }
  });
});
