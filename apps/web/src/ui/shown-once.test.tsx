import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ShownOnce, ShownOnceDialog } from './shown-once.tsx';

const text = { warning: 'Copy it now', label: 'Secret', copy: 'Copy', copied: 'Copied', done: 'Done' };

function Harness() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        reopen
      </button>
      <ShownOnceDialog<string>
        opened={opened}
        onClose={() => setOpened(false)}
        title="Make one"
        shownTitle="Made"
        form={(onCreated, close) => (
          <>
            <button type="button" onClick={() => onCreated('s3cr3t')}>
              create
            </button>
            <button type="button" onClick={close}>
              cancel
            </button>
          </>
        )}
        shown={(value, done) => <ShownOnce value={value} text={text} onDone={done} testId="thing" />}
      />
    </>
  );
}

describe('ShownOnceDialog', () => {
  it('shows the form, then what it made under its own title; closing forgets it, so the next opening is the form', async () => {
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Make one')).toBeTruthy();
    fireEvent.click(screen.getByText('create'));
    expect(await screen.findByText('Made')).toBeTruthy();
    expect(screen.getByTestId('thing-secret').textContent).toBe('s3cr3t');
    expect(screen.queryByText('create')).toBeNull();
    fireEvent.click(screen.getByTestId('thing-done'));
    fireEvent.click(screen.getByText('reopen'));
    expect(await screen.findByText('Make one')).toBeTruthy();
    expect(screen.queryByTestId('thing-secret')).toBeNull();
  });
});
