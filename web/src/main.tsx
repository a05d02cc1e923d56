import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { readPageData } from './lib/page-data.ts';
import { createAppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders pageData={readPageData(document)}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>
);

// Public pages arrive rendered by the server (issue 12): hydrate them. Portal and sign-in pages arrive as
// an empty shell and render here.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
