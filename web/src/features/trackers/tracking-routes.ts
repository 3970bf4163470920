import type { RouteObject } from 'react-router';

const page = (path: string, load: () => Promise<React.ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

const trackers = () => import('./tracker-pages');
const trends = () => import('./trend-pages');

/** The tracking screens (issue 4), each its own chunk; charts load only on the trend screens. */
export const TRACKING_ROUTES: RouteObject[] = [
  page('log-data', async () => (await import('@/features/log-data/log-data-page')).LogDataPage),
  page('track-data', async () => (await import('@/features/track-data/track-data-page')).TrackDataPage),
  page('track-data/all', async () => (await import('@/features/track-data/all-entries-page')).AllEntriesPage),
  page(
    'achievements',
    async () => (await import('@/features/achievements/achievements-page')).AchievementsPage,
  ),
  page('trackers/blood-glucose', async () => (await import('./glucose-page')).BloodGlucosePage),
  page('trackers/blood-pressure', async () => (await trackers()).BloodPressurePage),
  page('trackers/mood-energy', async () => (await trackers()).MoodEnergyPage),
  page('trackers/weight', async () => (await trackers()).WeightPage),
  page('trackers/meal', async () => (await trackers()).MealPage),
  page('trackers/pain', async () => (await trackers()).PainPage),
  page('trackers/journal', async () => (await trackers()).JournalPage),
  page('trackers/medication', async () => (await trackers()).MedicationPage),
  page('trackers/blood-glucose/trends', async () => (await trends()).GlucoseTrendsPage),
  page('trackers/blood-pressure/trends', async () => (await trends()).PressureTrendsPage),
  page('trackers/mood-energy/trends', async () => (await trends()).MoodTrendsPage),
  page('trackers/weight/trends', async () => (await trends()).WeightTrendsPage),
];
