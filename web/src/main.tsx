import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';

import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { cssVariablesResolver, THEME_STORAGE_KEY, theme } from './theme';

/** spec §1/§9: the theme choice lives in localStorage "themeMode"; light until the visitor picks. */
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      {/* spec §1: toasts at top center. */}
      <Notifications position="top-center" />
      <RouterProvider router={createAppRouter()} />
    </MantineProvider>
  </StrictMode>,
);
