import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FindingDetail } from '@windscope/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testFindingDetail } from '../../test/findings.ts';
import { demoUser, jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { fakeApi, OPERATOR, signIn } from '../management/test-support.ts';
import { FindingDrawer } from './finding-drawer.tsx';

const detail = (over: Partial<FindingDetail> = {}) =>
  testFindingDetail({ created_by: OPERATOR.id, created_by_name: 'Mert Demir', version: 3, length_mm: 60, ...over });
const FINDING = '/api/turbines/1/findings/21';
const lengthField = () => screen.getByTestId('finding-edit-length') as HTMLInputElement;

describe("the finding drawer's edit (issue 24 item 1)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered to who may edit (§12) and not to a customer', async () => {
    signIn(demoUser({ role: 'customer' }));
    fakeApi({ [`GET ${FINDING}`]: detail(), [`GET ${FINDING}/link-suggestions`]: [] });
    renderWithProviders(<FindingDrawer turbineId={1} findingId={21} onClose={() => {}} />);
    await screen.findByTestId('finding-fields');
    expect(screen.queryByTestId('finding-edit')).toBeNull();
  }, 30_000);

  it('saves the changed fields with the version; a stale save keeps the entries, loads the current values, applies them again', async () => {
    signIn(OPERATOR);
    let current = detail();
    const puts: unknown[] = [];
    const api = fakeApi({
      [`GET ${FINDING}`]: () => jsonResponse({ success: true, data: current }),
      [`GET ${FINDING}/link-suggestions`]: [],
      [`PUT ${FINDING}`]: (call: { body: unknown }) => {
        puts.push(call.body);
        if ((call.body as { version: number }).version !== current.version)
          return jsonResponse({ success: false, code: 'FINDING_STALE', message: 'stale' }, 409);
        current = { ...current, length_mm: 95, version: current.version + 1 };
        return jsonResponse({ success: true, data: current, message: 'ok' });
      },
    });
    renderWithProviders(<FindingDrawer turbineId={1} findingId={21} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('finding-edit'));
    expect(screen.getByTestId('finding-edit-save')).toBeDisabled();
    fireEvent.change(lengthField(), { target: { value: '95' } });
    // meanwhile another tab saved
    current = { ...current, version: 4, type: 'erosion', length_mm: 70 };
    fireEvent.click(screen.getByTestId('finding-edit-save'));
    const notice = await screen.findByTestId('finding-edit-stale');
    expect(notice).toHaveTextContent('Bu bulgu başka biri tarafından değiştirildi');
    expect(screen.getByTestId('finding-edit-mine')).toHaveTextContent('Uzunluk (mm): 95');
    expect(lengthField().value).toBe('95');
    expect(puts).toEqual([{ version: 3, length_mm: 95 }]);

    fireEvent.click(screen.getByTestId('finding-edit-load-current'));
    await waitFor(() => expect(lengthField().value).toBe('70'));
    expect(screen.getByTestId('finding-edit-mine')).toHaveTextContent('Uzunluk (mm): 95');
    fireEvent.click(screen.getByTestId('finding-edit-reapply'));
    expect(lengthField().value).toBe('95');
    fireEvent.click(screen.getByTestId('finding-edit-save'));
    await waitFor(() => expect(screen.queryByTestId('finding-edit-form')).toBeNull());
    expect(puts.at(-1)).toEqual({ version: 4, length_mm: 95 });
    expect(api.callsTo('PUT', FINDING)).toHaveLength(2);
  }, 30_000);
});
