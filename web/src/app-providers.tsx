/**
 * What wraps every page, in the browser and in the server renderer alike (the two must render the same
 * tree for hydration): the query client (the pages' server state, with what the server rendered the page
 * from), Mantine with the remembered theme, and the toasts.
 */
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import './i18n/i18n';
import { cssVariablesResolver, THEME_STORAGE_KEY, theme } from './theme';

/** spec §1/§9: the theme choice lives in localStorage "themeMode"; light until the visitor picks. */
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
      >
        {/* spec §1: toasts at top center. */}
        <Notifications position="top-center" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
