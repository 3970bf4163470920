import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { BLOCKED_WORDS, PermissionRefused, pushFailureWords } from './this-device';

/** What Chromium throws from PushManager.subscribe, as the walk saw it. */
const chromium = (message: string, name: string) =>
  new DOMException(`Failed to execute 'subscribe' on 'PushManager': ${message}`, name);

describe('why alerts could not be turned on, in words', () => {
  it('no active service worker yet: try again in a moment or reload, not the browser’s text', () => {
    const words = pushFailureWords(
      chromium('Subscription failed - no active Service Worker', 'AbortError'),
      'granted',
    );
    expect(words).toBe(
      'Healthfolio is still getting ready in this browser. Try again in a moment, or reload the page.',
    );
  });

  it('a window with no push service (private window): says this window cannot receive alerts', () => {
    for (const error of [
      new DOMException('Registration failed - permission denied', 'NotAllowedError'),
      new DOMException('Registration failed - push service not available', 'AbortError'),
    ])
      expect(pushFailureWords(error, 'granted')).toMatch(/^This browser window cannot receive alerts\./);
  });

  it('blocked for the site: how to allow it in the browser’s site settings', () => {
    expect(pushFailureWords(new PermissionRefused(), 'denied')).toBe(BLOCKED_WORDS);
    expect(BLOCKED_WORDS).toContain('set Notifications to Allow');
  });

  it('never shows a browser exception’s own text; the server’s problem is already in words', () => {
    for (const error of [new TypeError('Cannot read properties of undefined'), chromium('x', 'UnknownError')])
      expect(pushFailureWords(error, 'granted')).not.toMatch(/Failed to execute|undefined|PushManager/);
    const fromServer = new ApiError('You have reached the limit of 10 devices.', { status: 422 });
    expect(pushFailureWords(fromServer, 'granted')).toBe('You have reached the limit of 10 devices.');
  });
});
