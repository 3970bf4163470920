/**
 * What a first visit to each route runs, as source modules the Vite manifest knows: the app's entry
 * (index.html) plus the lazy route modules the router loads for that address straight away. Shared
 * by the prerender step (which preloads them) and the first-load budget check (which weighs them).
 * Every route of web/src/app/router.tsx and its *-routes.ts files is here (the check fails on a route
 * module missing from this table); the README's promise is "each route ≤ 170 KB".
 */
const LAYOUT = 'src/features/shell/dashboard-layout.tsx';
const dash = (...modules) => [LAYOUT, ...modules];
const TRACKERS = 'src/features/trackers/tracker-pages.tsx';
const TRENDS = 'src/features/trackers/trend-pages.tsx';

export const FIRST_LOAD = {
  '/': ['src/features/landing/landing-page.tsx'],
  '/auth': ['src/features/auth/auth-page.tsx'],
  '/auth/reset-password': ['src/features/auth/reset-password-page.tsx'],
  '/shared/:token': ['src/features/shared-view/shared-view-page.tsx'],
  '/shl': ['src/features/shl-viewer/shl-viewer-page.tsx'],
  '/household/invitations/:token': ['src/features/household/invitation-page.tsx'],
  '/dashboard': dash('src/features/dashboard/home-page.tsx'),
  // What every dashboard address shares (preloaded by the frame the server sends for them).
  '/dashboard/*': [LAYOUT],
  '/dashboard/settings': dash('src/features/settings/settings-page.tsx'),
  '/dashboard/admin-console': dash('src/features/admin/admin-console-page.tsx'),
  '/dashboard/ai-analysis': dash('src/features/ai/ai-analysis-page.tsx'),
  '/dashboard/log-data': dash('src/features/log-data/log-data-page.tsx'),
  '/dashboard/track-data': dash('src/features/track-data/track-data-page.tsx'),
  '/dashboard/track-data/all': dash('src/features/track-data/all-entries-page.tsx'),
  '/dashboard/achievements': dash('src/features/achievements/achievements-page.tsx'),
  '/dashboard/trackers/blood-glucose': dash('src/features/trackers/glucose-page.tsx'),
  '/dashboard/trackers/blood-pressure': dash(TRACKERS),
  '/dashboard/trackers/mood-energy': dash(TRACKERS),
  '/dashboard/trackers/weight': dash(TRACKERS),
  '/dashboard/trackers/meal': dash(TRACKERS),
  '/dashboard/trackers/pain': dash(TRACKERS),
  '/dashboard/trackers/journal': dash(TRACKERS),
  '/dashboard/trackers/medication': dash(TRACKERS),
  '/dashboard/trackers/blood-glucose/trends': dash(TRENDS),
  '/dashboard/trackers/blood-pressure/trends': dash(TRENDS),
  '/dashboard/trackers/mood-energy/trends': dash(TRENDS),
  '/dashboard/trackers/weight/trends': dash(TRENDS),
  '/dashboard/carb-counter': dash('src/features/carb-counter/carb-counter-page.tsx'),
  '/dashboard/insulin-calculator': dash('src/features/insulin/insulin-calculator-page.tsx'),
  '/dashboard/a1c-tracker': dash('src/features/a1c/a1c-tracker-page.tsx'),
  '/dashboard/pattern-analysis': dash('src/features/glucose-analytics/pattern-analysis-page.tsx'),
  '/dashboard/glucose-trends': dash('src/features/glucose-analytics/glucose-trends-page.tsx'),
  '/dashboard/detailed-analytics': dash('src/features/glucose-analytics/detailed-analytics-page.tsx'),
  '/dashboard/glucose-import': dash('src/features/glucose-import/glucose-import-page.tsx'),
  '/dashboard/devices': dash('src/features/devices/devices-page.tsx'),
  '/dashboard/notifications': dash('src/features/notifications/notifications-page.tsx'),
  '/dashboard/alerts': dash('src/features/notifications/alerts-page.tsx'),
  '/dashboard/notes': dash('src/features/notes/notes-page.tsx'),
  '/dashboard/appointments': dash('src/features/appointments/appointments-page.tsx'),
  '/dashboard/lab-results': dash('src/features/labs/lab-results-page.tsx'),
  '/dashboard/lab-results/:loinc': dash('src/features/labs/lab-test-page.tsx'),
  '/dashboard/health-summary': dash('src/features/health-summary/health-summary-page.tsx'),
  '/dashboard/health-systems': dash('src/features/health-systems/health-systems-page.tsx'),
  '/dashboard/insurance': dash('src/features/insurance/insurance-page.tsx'),
  '/dashboard/sharing': dash('src/features/sharing/sharing-page.tsx'),
  '/dashboard/documents': dash('src/features/documents/documents-page.tsx'),
  '*': ['src/features/not-found/not-found-page.tsx'],
};

/**
 * The manifest entry of a source module. A route module whose chunk also serves a chunk it loads
 * lazily (a dialog importing the page's API hooks) is listed under its chunk's name (`_name-hash.js`,
 * no `src`) rather than its path: found by that name when exactly one such chunk has it.
 */
const entryKey = (manifest, key) => {
  if (manifest[key] || !key.startsWith('src/')) return key;
  const name = key.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const named = Object.keys(manifest).filter(
    (k) => k.startsWith('_') && !manifest[k].src && manifest[k].name === name,
  );
  return named.length === 1 ? named[0] : key;
};

/** Every chunk file a list of manifest entries loads before running, each once, in load order. */
export const chunkClosure = (manifest, keys) => {
  const files = [];
  const seen = new Set();
  const visit = (source) => {
    const key = entryKey(manifest, source);
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the Vite manifest (renamed? update web/scripts/first-load.mjs)`);
    for (const dep of chunk.imports ?? []) visit(dep);
    files.push(chunk.file);
  };
  for (const key of keys) visit(key);
  return files;
};
