import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { queryClient } from './lib/query-client';
import { warmSession } from './lib/session';

// A dashboard address needs the session first: ask for it now, while the page's code downloads.
if (window.location.pathname.startsWith('/dashboard')) warmSession(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
