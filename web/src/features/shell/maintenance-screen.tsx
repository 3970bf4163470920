import { Wrench } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { clearMaintenance } from '@/lib/maintenance';
import { queryClient } from '@/lib/query-client';

/** Maintenance mode (admin console → Settings): the admin's message instead of the app. */
export function MaintenanceScreen({ message }: { message: string }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Wrench className="size-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">Down for maintenance</h1>
      <p role="status" className="text-muted-foreground">
        {message}
      </p>
      <Button
        variant="outline"
        onClick={() => {
          clearMaintenance();
          void queryClient.invalidateQueries();
        }}
      >
        Try again
      </Button>
    </main>
  );
}
