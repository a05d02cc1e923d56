/**
 * What wraps every page, in the browser and in the server renderer alike (the two must render the same
 * tree for hydration): the server's page data, Mantine with the remembered theme, and the toasts.
 */
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import './i18n/i18n';
import { markAppReady } from './layout/lazy-page';
import { type PageData, PageDataProvider } from './lib/page-data.ts';
import { cssVariablesResolver, THEME_STORAGE_KEY, theme } from './theme';

/** spec §1/§9: the theme choice lives in localStorage "themeMode"; light until the visitor picks. */
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

export function AppProviders({ pageData, children }: { pageData: PageData; children: ReactNode }) {
  return (
    <PageDataProvider value={pageData}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
      >
        {/* spec §1: toasts at top center. */}
        <Notifications position="top-center" />
        {children}
        <AppReady />
      </MantineProvider>
    </PageDataProvider>
  );
}

/**
 * Marks the document once the app has rendered or hydrated and answers input (`<html data-app-ready>`):
 * a server-rendered page paints before its code arrives (decision 009), and browser tests wait for this
 * before they click. Renders nothing, so the server's HTML and the first client render stay the same.
 */
function AppReady() {
  // A page whose code is still downloading marks it itself once it hydrates (`lazyPage`).
  useEffect(markAppReady, []);
  return null;
}
