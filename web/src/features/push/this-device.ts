import { useQuery, useQueryClient } from '@tanstack/react-query';

/** Why this browser cannot get alerts, in words for the person; null when it can. */
export const pushUnsupportedReason = (): string | null => {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
    return ios
      ? 'On iPhone and iPad, alerts work once Healthfolio is on your Home Screen: tap Share, then Add to Home Screen, and open it from there.'
      : 'This browser cannot show alerts from Healthfolio. Try a current Chrome, Edge, Firefox or Safari.';
  }
  return null;
};

/** The app's service worker, if this page has one (none in development, or where it failed to start). */
const registration = () => navigator.serviceWorker.getRegistration('/');

class NoServiceWorker extends Error {
  constructor() {
    super(
      'Alerts need the app’s background worker, which has not started in this browser. Reload the page and try again.',
    );
  }
}

/** This browser's push subscription, if it has one. */
export const useThisDevice = (enabled: boolean) =>
  useQuery({
    queryKey: ['push-this-device'],
    enabled,
    queryFn: async () => (await (await registration())?.pushManager.getSubscription())?.toJSON() ?? null,
  });

export const useRefreshThisDevice = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['push-this-device'] });
};

const keyBytes = (base64url: string) => {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

export class PermissionRefused extends Error {}

/** Asks for permission, then subscribes this browser with the server's key. */
export const subscribeThisDevice = async (publicKey: string) => {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused('Alerts were not allowed for this site.');
  const reg = await registration();
  if (!reg) throw new NoServiceWorker();
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error('The browser gave no push address.');
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
};

export const unsubscribeThisDevice = async () => {
  const sub = await (await registration())?.pushManager.getSubscription();
  await sub?.unsubscribe();
};
