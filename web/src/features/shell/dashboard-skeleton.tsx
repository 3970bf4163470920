import { PRODUCT_NAME } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

const Block = ({ className }: { className: string }) => (
  <div className={cn('animate-pulse rounded-md bg-muted', className)} />
);

/**
 * The dashboard's frame with the product name and grey placeholders, shown from the first byte of HTML (the server sends
 * it prerendered for /dashboard addresses) until the session and profile are known. It names no
 * user, mode or screen, so it is true for whoever opens it; CSS breakpoints (not script) pick the
 * phone or desktop frame so the HTML needs no JavaScript to be right.
 */
export function DashboardSkeleton({ label = 'Loading your dashboard' }: { label?: string }) {
  const cards = (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="flex h-36 flex-col gap-3 rounded-xl border bg-card p-5">
          <Block className="h-5 w-2/5" />
          <Block className="h-4 w-4/5" />
          <Block className="mt-auto h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
  return (
    <div className="min-h-screen bg-background">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div className="md:hidden" aria-hidden="true">
        <div className="flex h-14 items-center gap-3 border-b bg-card px-4">
          <span className="text-lg font-bold text-primary">{PRODUCT_NAME}</span>
          <Block className="ml-auto size-9 rounded-full" />
        </div>
        <div className="px-4 pt-4 pb-24">{cards}</div>
        <div className="fixed inset-x-0 bottom-0 h-16 border-t bg-card" />
      </div>
      <div className="hidden md:block" aria-hidden="true">
        <div className="border-b bg-card">
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-6">
            <span className="text-lg font-bold text-primary">{PRODUCT_NAME}</span>
            <Block className="ml-auto size-9 rounded-full" />
          </div>
          <div className="mx-auto flex h-11 max-w-7xl items-center gap-6 px-6">
            {[0, 1, 2, 3, 4].map((i) => (
              <Block key={i} className="h-4 w-20" />
            ))}
          </div>
        </div>
        <div className="mx-auto flex max-w-7xl gap-8 px-6 py-6">
          <div className="flex w-56 shrink-0 flex-col gap-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Block key={i} className="h-5 w-40" />
            ))}
          </div>
          <div className="min-w-0 flex-1">
            <Block className="mb-6 h-8 w-64" />
            {cards}
          </div>
        </div>
      </div>
    </div>
  );
}
