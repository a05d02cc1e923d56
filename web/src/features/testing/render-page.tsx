import { type ApiErrorParams, messageSentence } from '@lc/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client.ts';
import { theme } from '../../theme.ts';

/**
 * Renders a page as the app does (a query client, a fresh one unless `queryClient` is given; Mantine, toasts,
 * a router) at `path`, matched by `pattern`. Other paths render a marker so a test can see where the page
 * navigated. Mantine runs in its test mode (`env="test"`: no transitions, portals inline), so no transition
 * timer outlives the test and fires after jsdom is gone (it did once: "window is not defined" from
 * use-transition after the waitlist page's tests).
 */
export function renderPage(
  page: ReactElement,
  {
    path,
    pattern = path,
    queryClient = createQueryClient(),
  }: { path: string; pattern?: string; queryClient?: QueryClient },
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: page },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/** A fetch Response as the API would send it. */
export function jsonReply(status: number, body?: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The language a fetch asked the API to answer in (`Accept-Language`, web/src/api/client.ts). */
export function requestedLanguage(init?: RequestInit): string {
  return new Headers(init?.headers).get('accept-language') ?? 'en';
}

/**
 * A failed call's Response as the server writes it (server/src/http/errors.ts): the code, its parameters, and
 * the message and each field's message written in the language the request asked for.
 */
export function errorReply(
  init: RequestInit | undefined,
  status: number,
  code: string,
  { params, fields }: { params?: ApiErrorParams; fields?: Record<string, string> } = {},
): Response {
  const language = requestedLanguage(init);
  return jsonReply(status, {
    error: 'Error',
    code,
    ...(params ? { params } : {}),
    message: messageSentence(code, language, params),
    ...(fields
      ? {
          fields: Object.fromEntries(
            Object.entries(fields).map(([key, text]) => [key, messageSentence(text, language, params)]),
          ),
        }
      : {}),
    requestId: 'r',
  });
}
