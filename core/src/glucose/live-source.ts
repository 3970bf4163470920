/**
 * A live glucose source keeps sending on its own: a connected device, a Dexcom Share or LibreLinkUp
 * pull, a Nightscout upload or pull (all stored as `device:…`). Only a live source makes the sensor
 * "connected" and can go quiet ("No recent readings"); a file import (`import:…`), a hand log or a
 * meter reading never does.
 */
export const LIVE_GLUCOSE_SOURCE_PREFIX = 'device:';

export const isLiveGlucoseSource = (source: string) => source.startsWith(LIVE_GLUCOSE_SOURCE_PREFIX);
