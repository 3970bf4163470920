import type { When } from './format';
import type { VendorPullSourceResponse, VendorPullVendor } from './vendor-pull-api';

export const VENDOR_NAMES: Record<VendorPullVendor, string> = {
  'dexcom-share': 'Dexcom',
  librelinkup: 'LibreLinkUp',
};

/** Readings come every 5 minutes (Libre's history every 15): older than this, something has stopped. */
const STALE_MS = 30 * 60_000;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "3 minutes ago", "2 hours ago", "yesterday": how long since an instant, in the user's language. */
export const ago = (iso: string, nowMs = Date.now()) => {
  const minutes = Math.round((Date.parse(iso) - nowMs) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(Math.min(minutes, 0), 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
};

/**
 * What the card says about the pulls, in words: how fresh the readings are, or what went wrong and
 * what to do. `alert` marks what the user must act on (or wait for).
 */
export const statusWords = (s: VendorPullSourceResponse, when: When): { text: string; alert: boolean } => {
  const name = VENDOR_NAMES[s.vendor];
  const retry = `Retrying at ${when(s.nextSyncAt)}.`;
  if (s.status === 'pending') return { text: 'Waiting for the first pull.', alert: false };
  if (s.status === 'ok')
    return s.lastReadingAt
      ? {
          text:
            Date.now() - Date.parse(s.lastReadingAt) < STALE_MS
              ? `Last reading ${ago(s.lastReadingAt)}.`
              : `Last reading ${ago(s.lastReadingAt)}. ${name} has sent nothing newer: ${
                  s.vendor === 'dexcom-share'
                    ? 'check that Share is still on in the Dexcom app, with at least one follower.'
                    : 'check that the sensor is connected and still shared with this LibreLinkUp account.'
                }`,
          alert: false,
        }
      : {
          text:
            s.vendor === 'dexcom-share'
              ? 'Connected, but Dexcom has no readings from the last 24 hours. Check that Share is on in the Dexcom app, with at least one follower.'
              : 'Connected, but LibreLinkUp has no readings from the last 12 hours.',
          alert: false,
        };
  switch (s.problem) {
    case 'password_refused':
      return {
        text:
          s.vendor === 'dexcom-share'
            ? 'Dexcom refused the password — check it. Healthfolio will not try again until you change it.'
            : 'LibreLinkUp refused the email or password — check them. Healthfolio will not try again until you change them.',
        alert: true,
      };
    case 'locked':
      return {
        text: `Too many attempts, ${name} is not letting anyone sign in for now. ${retry}`,
        alert: true,
      };
    case 'terms':
      return {
        text: `LibreLinkUp wants you to accept its new terms. Open the LibreLinkUp app, accept them, then choose Pull now. ${retry}`,
        alert: true,
      };
    case 'no_connection':
      return {
        text: `This LibreLinkUp account follows nobody yet. Accept the invitation sent from the FreeStyle Libre app in LibreLinkUp first. ${retry}`,
        alert: true,
      };
    case 'app_version':
      return {
        text: `LibreLinkUp no longer accepts the app version this server uses; whoever runs this Healthfolio needs to update it. ${retry}`,
        alert: true,
      };
    case 'region_refused':
      return {
        text: `LibreLinkUp sent the sign-in to an address that is not LibreLinkUp's, so nothing was sent there. ${retry}`,
        alert: true,
      };
    case 'unreachable':
      return { text: `${name} could not be reached. ${retry}`, alert: true };
    default:
      return { text: `${name} answered in a way Healthfolio did not understand. ${retry}`, alert: true };
  }
};
