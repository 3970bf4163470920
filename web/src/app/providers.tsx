import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { queryClient } from '@/lib/query-client';

// Not part of any page's first load: the toast area loads once the page is up (toasts made before it
// mounts are shown then), and is no part of the prerendered HTML either.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={3}
        duration={4000}
        position="bottom-right"
        theme="system"
        richColors
        closeButton
        style={{ '--width': '356px' } as React.CSSProperties}
      />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
