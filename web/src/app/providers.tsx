import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        visibleToasts={3}
        duration={4000}
        position="bottom-right"
        theme="system"
        richColors
        closeButton
        style={{ '--width': '356px' } as React.CSSProperties}
      />
    </QueryClientProvider>
  );
}
