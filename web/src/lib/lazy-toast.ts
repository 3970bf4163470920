import type { toast } from 'sonner';

/**
 * A toast from a screen whose first load does without the toast library (the sign-in page, and what
 * every page loads first): sonner loads on the first one. Its Toaster (app/providers.tsx) shows toasts
 * made before it mounted.
 */
export const lazyToast = (kind: 'success' | 'error', ...args: Parameters<typeof toast.success>) =>
  void import('sonner').then((sonner) => sonner.toast[kind](...args));
