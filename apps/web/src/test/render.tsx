import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders with the app's providers (Mantine in test mode, a fresh query cache) at a route. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProvider>,
  );
  return { ...result, queryClient };
}

type FakeRoute = { status?: number; body?: unknown; statusText?: string };

/** A fetch stand-in answering by "METHOD /path" (an answer may take its time); unknown calls answer 404 with the server's envelope. */
export function fakeFetch(routes: Record<string, FakeRoute | ((init: RequestInit | undefined, url: URL) => FakeRoute | Promise<FakeRoute>)>) {
  const calls: { method: string; path: string; query: URLSearchParams; init?: RequestInit }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, query: url.searchParams, init });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await route(init, url) : route;
    const { status = 200, body, statusText = '' } =
      answer ?? { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Not found' } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      statusText,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchFn, calls };
}
