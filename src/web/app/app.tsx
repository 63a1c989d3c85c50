import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createPersistOptions, createQueryClient } from '../lib/api/query-client';
import { AppRoutes } from './router';

/** Providers: the react-query client (restored from IndexedDB before any query runs) and the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [persistOptions] = useState(createPersistOptions);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PersistQueryClientProvider>
  );
}
