import { fireEvent, render, screen } from '@testing-library/react';
import { act, type ReactElement, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTypedBeforeHydration } from './typed-before-hydration.ts';

const FIELDS = ['email', 'message'] as const;

/** A controlled form as the sign-in and contact forms are: its state shown in an <output>. */
function Form({ carried = FIELDS, onTyped }: { carried?: readonly (typeof FIELDS)[number][]; onTyped?: () => void }) {
  const [values, setValues] = useState({ email: '', message: '' });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, carried, (typed) => {
    onTyped?.();
    setValues((current) => ({ ...current, ...typed }));
  });
  return (
    <form ref={form}>
      <input aria-label="email" name="email" value={values.email} onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))} />
      <textarea
        aria-label="message"
        name="message"
        value={values.message}
        onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
      />
      <output>{`${values.email}|${values.message}`}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The page as prerendered, typed into before the app hydrates it, then hydrated. */
async function typeThenHydrate(ui: ReactElement, typed: { email?: string; message?: string }) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const field = (name: string) => container.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement;
  if (typed.email !== undefined) field('email').value = typed.email;
  if (typed.message !== undefined) field('message').value = typed.message;
  await act(async () => {
    root = hydrateRoot(container, ui);
  });
  return container;
}

describe('useTypedBeforeHydration', () => {
  it("carries what was typed into the prerendered fields into the form's state, and the fields keep it", async () => {
    const container = await typeThenHydrate(<Form />, { email: 'operator@ege.example', message: 'Merhaba' });
    expect(container.querySelector('output')?.textContent).toBe('operator@ege.example|Merhaba');
    expect(screen.getByLabelText('email')).toHaveValue('operator@ege.example');
    expect(screen.getByLabelText('message')).toHaveValue('Merhaba');
    // typing after hydration goes on from there
    fireEvent.change(screen.getByLabelText('email'), { target: { value: 'operator@ege.example.tr' } });
    expect(container.querySelector('output')?.textContent).toBe('operator@ege.example.tr|Merhaba');
  });

  it('without it, hydration keeps the text in the field but the state empty (what a submit would have sent)', async () => {
    const container = await typeThenHydrate(<Form carried={[]} />, { email: 'operator@ege.example', message: 'Merhaba' });
    expect(screen.getByLabelText('email')).toHaveValue('operator@ege.example');
    expect(container.querySelector('output')?.textContent).toBe('|');
  });

  it('leaves the state alone when nothing was typed, and on a page the app draws itself', async () => {
    const onTyped = vi.fn();
    const container = await typeThenHydrate(<Form onTyped={onTyped} />, {});
    expect(container.querySelector('output')?.textContent).toBe('|');
    act(() => root?.unmount());
    root = undefined;
    render(<Form onTyped={onTyped} />);
    expect(onTyped).not.toHaveBeenCalled();
  });
});
