// The service worker (built by vite-plugin-pwa's injectManifest; see vite.config.ts). It keeps the
// app shell and static files for offline use, never an /api or /ns answer (those hold health data
// and always go to the network), and shows the alerts the server pushes.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// The web app is type-checked with the DOM library; the few service-worker types used here are
// declared below rather than mixing in the WebWorker library, whose globals clash with the DOM's.
interface ExtendableEvt extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvt extends ExtendableEvt {
  readonly data: { json(): unknown } | null;
}
interface NotificationClickEvt extends ExtendableEvt {
  readonly notification: Notification & { readonly data: unknown };
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvt) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvt) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
}
declare const self: ServiceWorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes charge of the open page at once (so it works offline without a reload); a
// later one waits for "Reload" (its message below), which reloads the page anyway.
clientsClaim();

/** Addresses the server answers itself, never from the shell (API, uploads, shared links, webhooks). */
const SERVER_ONLY = [/^\/api\//, /^\/ns\//, /^\/shared\//, /^\/shl/, /^\/webhooks\//, /^\/socket\.io\//];

// A page: the network first (the server's prerendered pages and current session); offline, the
// cached app shell, which opens with the offline banner (so does a server whose proxy answers 502–504).
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        const res = await fetch(request);
        // A proxy answering for a server that is down: the app opens, and says the server is not answering.
        if (res.status >= 502 && res.status <= 504) return (await matchPrecache('/index.html')) ?? res;
        return res;
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: SERVER_ONLY },
  ),
);

// "A new version is available" → Reload: the waiting worker takes over, then the page reloads.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface Alert {
  title: string;
  body: string;
  url: string;
  urgent?: boolean;
  tag?: string;
  silent?: boolean;
}

const readAlert = (event: PushEvt): Alert => {
  try {
    const data = event.data?.json() as Partial<Alert> | undefined;
    if (data && typeof data.title === 'string' && typeof data.body === 'string')
      return {
        ...data,
        title: data.title,
        body: data.body,
        url: typeof data.url === 'string' ? data.url : '/dashboard',
      };
  } catch {
    // Not JSON: show the generic alert below.
  }
  return { title: 'Healthfolio', body: 'You have a new alert.', url: '/dashboard/notifications' };
};

self.addEventListener('push', (event) => {
  const alert = readAlert(event);
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      // An urgent alert stays until it is dealt with.
      requireInteraction: alert.urgent === true,
      // A snooze on another device replaces the ringing notice quietly.
      silent: alert.silent === true,
      data: { url: alert.url },
    }),
  );
});

/** Only this app's own pages: a payload cannot send a tap elsewhere. */
const ownUrl = (value: unknown) => {
  const url = new URL(typeof value === 'string' ? value : '/dashboard', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/dashboard', self.location.origin).href;
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = ownUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = open[0];
      if (client) {
        // Focus is a tap's privilege; without it (a page that lost it) the page still goes there.
        await client.focus().catch(() => undefined);
        await client.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
