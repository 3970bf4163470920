import { useInstanceOverview } from '@/features/landing/use-instance-overview';
import type { HealthSystemKind } from './health-systems-api';

/**
 * Whether a person can connect a health system here (of this kind, or any): only when the admin added
 * one with this instance's registration (the public overview says so). Undefined until the overview
 * answers; when it cannot be read, the connect screens show as usual and the server gives the reason.
 */
export const useCanConnect = (kind?: HealthSystemKind): boolean | undefined => {
  const overview = useInstanceOverview();
  if (overview.isError) return true;
  const kinds = overview.data?.features.healthSystems;
  if (!kinds) return undefined;
  return kind ? kinds.includes(kind) : kinds.length > 0;
};

/** Said once, where connecting would be offered, when no health system is set up here. */
export const NOT_SET_UP =
  'Connecting to patient portals and insurers is not set up on this Healthfolio: whoever runs it can add them in the admin console.';
