import { appointmentsPath } from '@/features/appointments/appointments-api';
import { documentsPath } from '@/features/documents/documents-api';
import { CLAIMS_PATH } from '@/features/insurance/insurance-api';
import { trackerStatsPath } from '@/features/trackers/use-entries';

/**
 * What the dashboard's HTML asks the server for before any script runs (web/scripts/prerender.mjs
 * writes them as `<link rel="preload" as="fetch">`), so the answers arrive while the code downloads.
 * Each must be exactly the address the screen's query fetches, or the browser fetches it twice.
 */
// The shell, on every dashboard address: the session, the profile and the roles (lib/session.ts).
export const SHELL_DATA = ['/api/auth/get-session', '/api/v1/profile', '/api/v1/me/roles'];

// The general home's cards whose address does not depend on the time or the profile (general-dashboard.tsx).
// The glucose average's text is the home's largest, so its answer decides when the page looks done.
// Users in diabetes mode see another home; for them these answers go unused.
export const HOME_DATA = [
  trackerStatsPath('blood-glucose'),
  appointmentsPath('upcoming'),
  CLAIMS_PATH,
  documentsPath(),
];
