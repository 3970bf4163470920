import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';

/** The popup's size the spec gives; on a phone the widget takes the whole page instead. */
export const POPUP_FEATURES = 'width=500,height=600';
/**
 * The popup comes back to our address after Terra's (another origin), so the app's
 * Cross-Origin-Opener-Policy has cut it from the page that opened it: it reports on a same-origin
 * BroadcastChannel instead of window.opener.
 */
export const DEVICES_CHANNEL = 'healthfolio-devices';

/**
 * Opens Terra's widget for a session the server creates. The popup is opened at once (inside the
 * click, so browsers allow it) and sent to the widget when the session arrives.
 */
export const connectDevice = async (
  createSession: (popup: boolean) => Promise<{ url: string }>,
  opts: { mobile: boolean },
) => {
  const popup = opts.mobile ? null : window.open('', 'terra-widget', POPUP_FEATURES);
  try {
    const { url } = await createSession(!opts.mobile);
    if (popup) popup.location.href = url;
    else window.location.assign(url);
    return true;
  } catch (error) {
    popup?.close();
    toast.error('Connection Error', {
      description: errorMessage(error, 'Failed to communicate with Terra API'),
    });
    return false;
  }
};
