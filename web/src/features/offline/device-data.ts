import { clearQueue } from './entry-queue';
import { clearSavedData } from './saved-data';

export { keepSavedForOffline, restoreSavedData } from './saved-data';

/**
 * Sign-out: what this device keeps of the account goes, the entries still queued offline (and the
 * key that sealed them) and what was saved for opening the app offline. One module for both, so the
 * first load names one file for them (the dashboard's pending-entries panel starts the saving from here too).
 */
export const forgetDevice = () => Promise.all([clearQueue(), clearSavedData()]);
