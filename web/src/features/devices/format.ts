import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { formatDateTime } from '@/lib/zoned-format';

export type When = (iso: string | null | undefined, none?: string) => string;

/** Writes a server time in the profile's zone and the browser's locale, or a dash when there is none. */
export const useWhen = (): When => {
  const zone = useDashboardContext().profile.timezone;
  return (iso, none = '—') => (iso ? formatDateTime(iso, zone) : none);
};

/** Terra's provider codes read as names: FREESTYLELIBRE → Freestylelibre, GOOGLEFIT → Googlefit. */
export const providerName = (code: string) => code.charAt(0) + code.slice(1).toLowerCase();
