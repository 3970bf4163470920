import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

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

export class PermissionRefused extends Error {}
class NoServiceWorker extends Error {}

/** Said up front when this site's alerts are blocked: the browser will not even ask again. */
export const BLOCKED_WORDS =
  'Alerts are blocked for Healthfolio in this browser. To allow them, open this site’s settings (the icon beside the address), set Notifications to Allow, then reload this page.';

const NOT_READY =
  'Healthfolio is still getting ready in this browser. Try again in a moment, or reload the page.';
const NO_PUSH_SERVICE =
  'This browser window cannot receive alerts. A private or incognito window cannot; open Healthfolio in a normal window and try again.';

/**
 * Why turning alerts on failed, in words: the browser's own exception text ("Failed to execute
 * 'subscribe' on 'PushManager'…") is never shown. `permission` is Notification.permission now.
 */
export const pushFailureWords = (error: unknown, permission: NotificationPermission): string => {
  // Healthfolio's own server answers in words already.
  if (error instanceof ApiError) return error.message;
  if (error instanceof PermissionRefused || permission === 'denied') return BLOCKED_WORDS;
  if (error instanceof NoServiceWorker) return NOT_READY;
  const name = error instanceof Error ? error.name : '';
  const text = error instanceof Error ? error.message : '';
  // No active service worker yet (Chromium: AbortError "…no active Service Worker"; others InvalidStateError).
  if (name === 'InvalidStateError' || /service ?worker/i.test(text)) return NOT_READY;
  // Permission granted, yet the push service refuses or is missing: a private window, or none in this browser.
  if (error instanceof DOMException || name === 'NotAllowedError' || name === 'AbortError')
    return NO_PUSH_SERVICE;
  return 'Please try again.';
};

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

/** Asks for permission, then subscribes this browser with the server's key. */
export const subscribeThisDevice = async (publicKey: string) => {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused();
  const reg = await registration();
  if (!reg) throw new NoServiceWorker();
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new DOMException('The browser gave no push address.', 'AbortError');
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
};

export const unsubscribeThisDevice = async () => {
  const sub = await (await registration())?.pushManager.getSubscription();
  await sub?.unsubscribe();
};
