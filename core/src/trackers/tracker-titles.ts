/**
 * Tracker keys (as in the routes) and the spec's tracker titles. Kept free of zod so a screen can
 * import them without pulling the schema library into its first load.
 */
export const TRACKER_TITLES = {
  'blood-glucose': 'Blood Glucose',
  'blood-pressure': 'Blood Pressure',
  weight: 'Weight',
  meal: 'Meal',
  'mood-energy': 'Mood & Energy',
  pain: 'Pain',
  journal: 'Journal Entry',
  medication: 'Medication',
  insulin: 'Insulin',
  'insulin-settings': 'Insulin Settings',
  a1c: 'A1C',
} as const;
export type TrackerKey = keyof typeof TRACKER_TITLES;
