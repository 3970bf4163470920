import { useSyncExternalStore } from 'react';

export const MOBILE_QUERY = '(max-width: 768px)';
const MOBILE_DEVICE = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

const snapshot = () => MOBILE_DEVICE.test(navigator.userAgent) || window.matchMedia(MOBILE_QUERY).matches;

/** Mobile layout on a phone-like device or a window 768 px wide or less (spec §2, §9). */
export const useIsMobile = () => useSyncExternalStore(subscribe, snapshot, () => false);
