import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the sign-in screens: the product name back to the landing page, a centred column. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-6">
          <Link to="/" className="flex flex-col rounded-md leading-tight">
            <span className="text-lg font-bold text-primary">Healthfolio</span>
            <span className="text-xs text-muted-foreground">Personal Health Hub</span>
          </Link>
        </div>
      </header>
      {/* Top-aligned, not centred: the prerendered card may paint before the browser has parsed all
          of it, and a centred card would move up as the rest arrives (a layout shift). */}
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 py-10 sm:pt-16">{children}</main>
    </div>
  );
}
