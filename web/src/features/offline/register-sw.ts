import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (src/sw.ts) once the page has loaded, so it costs the first visit
 * nothing; when a new version has been deployed and its worker waits, offers to reload into it.
 */
export const registerServiceWorker = () => {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    void import('sonner').then(({ toast }) =>
      toast('A new version of Healthfolio is available.', {
        description: 'Reload to use it; what you typed on this page is not kept.',
        duration: Number.POSITIVE_INFINITY,
        action: {
          label: 'Reload',
          onClick: () => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          },
        },
      }),
    );
  });
  // A browser that refuses service workers (private windows, policies, test runs) works without one.
  wb.register().catch(() => undefined);
  return wb;
};
