import { appointmentsPath } from '@/features/appointments/appointments-api';
import { documentsPath } from '@/features/documents/documents-api';
import { CLAIMS_PATH } from '@/features/insurance/insurance-api';
import { TODAY_DOSES_PATH } from '@/features/medications/medications-api';
import { entryRangePath, trackerStatsPath } from '@/features/trackers/use-entries';

/**
 * What the dashboard's HTML asks the server for before any script runs (web/scripts/prerender.mjs
 * writes them as `<link rel="preload" as="fetch">`), so the answers arrive while the code downloads.
 * Each must be exactly the address the screen's query fetches, or the browser fetches it twice.
 */
// The shell, on every dashboard address: the session, the profile and the roles (lib/session.ts), and
// the household (features/household: the person switcher; the account's, sent without a person).
export const SHELL_DATA = [
  '/api/auth/get-session',
  '/api/v1/profile',
  '/api/v1/me/roles',
  '/api/v1/household',
];

// The general home's cards (general-dashboard.tsx), every one: their windows (today's doses, the
// last 30 days of blood pressure) are reckoned by the server, so the addresses do not change with the
// clock or the profile. Users in diabetes mode see another home; for them these answers go unused.
export const HOME_DATA = [
  TODAY_DOSES_PATH,
  trackerStatsPath('blood-glucose'),
  entryRangePath('blood-pressure', 30),
  appointmentsPath('upcoming'),
  CLAIMS_PATH,
  documentsPath(),
];
