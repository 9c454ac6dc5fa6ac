import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './redirect.ts';

describe('remembered origin', () => {
  it('keeps paths of this site', () => {
    expect(safeNextPath('/dashboard/turbine/3?year=2024#photos')).toBe('/dashboard/turbine/3?year=2024#photos');
  });

  it('drops other sites, schemes and login loops', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?next=/x',
      '/password-reset?token=abc',
    ]) {
      expect(safeNextPath(value)).toBeNull();
    }
  });

  it('builds the login link', () => {
    expect(loginPathFor('/dashboard/users')).toBe('/login?next=%2Fdashboard%2Fusers');
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('https://evil.example')).toBe('/login');
  });
});
