import { describe, expect, it } from 'vitest';
import { parseTurbineId } from './turbine-id.ts';

describe('turbine id from the route (spec §5)', () => {
  it('is a positive whole number', () => {
    expect(parseTurbineId('5')).toBe(5);
    expect(parseTurbineId(undefined)).toBeNull();
    expect(parseTurbineId('abc')).toBeNull();
    expect(parseTurbineId('0')).toBeNull();
    expect(parseTurbineId('-3')).toBeNull();
    expect(parseTurbineId('1e3')).toBeNull();
    expect(parseTurbineId('99999999999')).toBeNull();
  });
});
