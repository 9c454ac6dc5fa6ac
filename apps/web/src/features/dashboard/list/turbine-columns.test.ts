import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readChosenColumns, saveChosenColumns, useChosenColumns } from './turbine-columns.ts';

describe("the list view's chosen asset columns (issue 27 item 1)", () => {
  afterEach(() => window.localStorage.clear());

  it("are remembered per user, in the form's order, unknown names and bad storage ignored", () => {
    expect(saveChosenColumns(7, ['blade_type', 'model', 'password_hash'])).toEqual(['model', 'blade_type']);
    expect(readChosenColumns(7)).toEqual(['model', 'blade_type']);
    expect(readChosenColumns(8)).toEqual([]);
    expect(readChosenColumns(null)).toEqual([]);
    window.localStorage.setItem('windscope.dashboard.columns.8', '{not json');
    expect(readChosenColumns(8)).toEqual([]);
    window.localStorage.setItem('windscope.dashboard.columns.8', '"model"');
    expect(readChosenColumns(8)).toEqual([]);
  });

  it('follow the signed-in user: another user on the same tab gets their own choice', () => {
    saveChosenColumns(2, ['hub_height_m']);
    const { result, rerender } = renderHook(({ user }) => useChosenColumns(user), { initialProps: { user: 1 } });
    expect(result.current[0]).toEqual([]);
    act(() => result.current[1](['rated_power_kw', 'manufacturer']));
    expect(result.current[0]).toEqual(['manufacturer', 'rated_power_kw']);
    rerender({ user: 2 });
    expect(result.current[0]).toEqual(['hub_height_m']);
    rerender({ user: 1 });
    expect(result.current[0]).toEqual(['manufacturer', 'rated_power_kw']);
  });
});
