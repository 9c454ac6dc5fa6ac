import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DateField, parseDateField } from './date-field.tsx';

// Issue 24 item 26: a native date field showed the browser's format ("mm/dd/yyyy" on a Turkish page); dates are
// shown and typed as the page's language writes them.
describe('date fields in the page language', () => {
  it('reads a typed day in the language format, the ISO form and short forms; refuses days that do not exist', () => {
    expect(parseDateField('14.07.2026', 'tr')).toBe('2026-07-14');
    expect(parseDateField('4.7.2026', 'tr')).toBe('2026-07-04');
    expect(parseDateField('14/07/2026', 'en')).toBe('2026-07-14');
    expect(parseDateField('2026-07-14', 'en')).toBe('2026-07-14');
    // in English, day first (en-GB), never the American month first
    expect(parseDateField('07/14/2026', 'en')).toBeNull();
    expect(parseDateField('31.02.2026', 'tr')).toBeNull();
    expect(parseDateField('yarın', 'tr')).toBeNull();
    expect(parseDateField('', 'tr')).toBeNull();
  });

  function Field() {
    const [value, setValue] = useState('2026-07-14');
    return (
      <>
        <DateField label="Son tarih" value={value} onChange={setValue} />
        <output data-testid="value">{value}</output>
      </>
    );
  }

  it.each([
    ['tr', '14.07.2026', '01.08.2026', 'gg.aa.yyyy'],
    ['en', '14/07/2026', '01/08/2026', 'dd/mm/yyyy'],
  ] as const)('shows and takes dates the %s way', async (language, shown, typed, placeholder) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<Field />);
    const input = await screen.findByLabelText('Son tarih');
    expect(input).toHaveValue(shown);
    const user = userEvent.setup();
    await user.clear(input);
    expect(input).toHaveAttribute('placeholder', placeholder);
    await user.type(input, typed);
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('2026-08-01'));
    expect(input).toHaveValue(typed);
    // its clear button is named (axe: button-name, critical)
    expect(screen.getByRole('button', { name: language === 'tr' ? 'Tarihi temizle' : 'Clear the date' })).toBeInTheDocument();
    await i18n.changeLanguage('tr');
  });
});
