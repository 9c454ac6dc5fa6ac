import type { User } from '@windscope/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

interface RenderOptions {
  /** where the memory router starts */
  route?: string;
  /** extra routes next to the one under test, e.g. { path: '/login', element: <p>login</p> } */
  routes?: RouteObject[];
  /** path pattern of the element under test */
  path?: string;
}

/** Renders a screen inside the real providers (Mantine in test mode), a fresh query cache and an in-memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', routes = [], path = '*' }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const result = render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A JSON answer as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An unsigned JWT-shaped token whose payload carries `exp` (seconds). */
export function fakeToken(expiresInSeconds = 3600): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.signature`;
}

/** A user record as the API answers it. */
export function demoUser(overrides: Partial<User> = {}): User {
  return {
    id: 4,
    first_name: 'Mert',
    last_name: 'Demir',
    email: 'operator@ege.example',
    role: 'operator',
    company_id: 2,
    company_name: 'Ege Rüzgar',
    is_active: true,
    is_protected: false,
    pending_email: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
