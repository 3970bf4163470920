/** Every screen under /dashboard: its title in each mode and the screen a back button returns to. */
export type Screen = {
  path: string;
  title: string;
  diabetesTitle?: string;
  /** Where the mobile back button goes; top-level tabs have none. */
  parent?: string;
  /** A document title used as given instead of "Healthfolio — {title}". */
  exactDocumentTitle?: string;
  /** False for screens of the account rather than of the person on show (no "Mia’s" in front). */
  personal?: boolean;
};

const tracker = (slug: string, title: string): Screen[] => [
  { path: `trackers/${slug}`, title, parent: '/dashboard/track-data' },
  { path: `trackers/${slug}/trends`, title: `${title} Trends`, parent: `/dashboard/trackers/${slug}` },
];

export const SCREENS: Screen[] = [
  { path: 'log-data', title: 'Log Data' },
  { path: 'track-data', title: 'Track Data' },
  { path: 'track-data/all', title: 'All Entries', parent: '/dashboard/track-data' },
  { path: 'achievements', title: 'Achievements' },
  ...tracker('blood-glucose', 'Blood Glucose'),
  ...tracker('blood-pressure', 'Blood Pressure'),
  ...tracker('mood-energy', 'Mood & Energy'),
  ...tracker('weight', 'Weight'),
  { path: 'trackers/meal', title: 'Meals', parent: '/dashboard/track-data' },
  { path: 'trackers/pain', title: 'Pain', parent: '/dashboard/track-data' },
  { path: 'trackers/journal', title: 'Journal', parent: '/dashboard/track-data' },
  { path: 'trackers/medication', title: 'Medication', parent: '/dashboard/track-data' },
  { path: 'documents', title: 'Documents & Medical Records', parent: '/dashboard' },
  { path: 'lab-results', title: 'Lab Results', parent: '/dashboard' },
  { path: 'health-summary', title: 'Health Summary', parent: '/dashboard' },
  { path: 'health-systems', title: 'Health systems', parent: '/dashboard' },
  { path: 'appointments', title: 'Appointments', diabetesTitle: 'Endo Visits', parent: '/dashboard' },
  { path: 'insurance', title: 'Insurance & Claims', parent: '/dashboard' },
  { path: 'sharing', title: 'Health Data Sharing', diabetesTitle: 'Care Team Access', parent: '/dashboard' },
  { path: 'devices', title: 'Connected Devices', diabetesTitle: 'CGM & Devices', parent: '/dashboard' },
  { path: 'notifications', title: 'Notifications', diabetesTitle: 'Glucose Alerts', parent: '/dashboard' },
  { path: 'notes', title: 'Notes', parent: '/dashboard' },
  { path: 'alerts', title: 'Alerts', parent: '/dashboard', exactDocumentTitle: 'Alerts - Health Dashboard' },
  { path: 'ai-analysis', title: 'AI Health Assistant', diabetesTitle: 'AI Assistant', parent: '/dashboard' },
  { path: 'carb-counter', title: 'Carb Counter', parent: '/dashboard' },
  { path: 'insulin-calculator', title: 'Insulin Calculator', parent: '/dashboard' },
  { path: 'pattern-analysis', title: 'Pattern Analysis', parent: '/dashboard' },
  { path: 'detailed-analytics', title: 'Detailed Analytics', parent: '/dashboard' },
  { path: 'a1c-tracker', title: 'A1C Tracker', parent: '/dashboard' },
  { path: 'glucose-trends', title: 'Glucose Trends and Analytics', parent: '/dashboard' },
  { path: 'glucose-import', title: 'Import CGM Data', parent: '/dashboard' },
];

export const ADMIN_SCREEN: Screen = { path: 'admin-console', title: 'Admin Console', personal: false };
export const SETTINGS_SCREEN: Screen = {
  path: 'settings',
  title: 'Settings',
  parent: '/dashboard',
  personal: false,
};

const HOME_GENERAL: Screen = { path: '', title: 'Health Dashboard' };
const HOME_DIABETES: Screen = { path: '', title: 'Smart Diabetes Management' };

/** A test's page in the Lab Results area (/dashboard/lab-results/:loinc). */
const LAB_TEST_SCREEN: Screen = {
  path: 'lab-results/:loinc',
  title: 'Lab Result Trend',
  parent: '/dashboard/lab-results',
};

const ALL = [...SCREENS, ADMIN_SCREEN, SETTINGS_SCREEN];

export const screenTitle = (screen: Screen, diabetes: boolean) =>
  diabetes && screen.diabetesTitle ? screen.diabetesTitle : screen.title;

/** The screen for a location under /dashboard, or undefined for an unknown path. */
export const screenFor = (pathname: string, diabetes: boolean): Screen | undefined => {
  const rest = pathname.replace(/^\/dashboard\/?/, '').replace(/\/+$/, '');
  if (rest === '') return diabetes ? HOME_DIABETES : HOME_GENERAL;
  return (
    ALL.find((s) => s.path === rest) ?? (/^lab-results\/\d+-\d$/.test(rest) ? LAB_TEST_SCREEN : undefined)
  );
};
