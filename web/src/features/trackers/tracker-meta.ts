import type { TRACKER_TITLES, TrackerKey } from '@healthfolio/core';
import {
  Activity,
  CalendarDays,
  Droplet,
  FaceSlightlySmiling,
  FileText,
  type LucideIcon,
  NotebookPen,
  Pill,
  Scale,
  Utensils,
  Zap,
} from 'lucide-react';

/** The eight trackers a person logs from the log dialog (the diabetes toolset logs the other three). */
export const LOG_TRACKERS = [
  'blood-glucose',
  'blood-pressure',
  'weight',
  'meal',
  'mood-energy',
  'pain',
  'journal',
  'medication',
] as const satisfies readonly TrackerKey[];
export type LogTracker = (typeof LOG_TRACKERS)[number];

/**
 * The spec's titles, checked against core's TRACKER_TITLES at compile time. Copied rather than
 * imported so a screen does not pull zod (which lives beside them in core) into its first load.
 */
export const TITLES = {
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
} as const satisfies typeof TRACKER_TITLES;

/** The name in "Log {name}" and "Saved {name}" (the spec: "Saved Pain Entry", "Saved Journal Entry"). */
export const logName = (tracker: TrackerKey): string => (tracker === 'pain' ? 'Pain Entry' : TITLES[tracker]);

export const TRACKER_ICONS: Record<LogTracker, LucideIcon> = {
  'blood-glucose': Droplet,
  'blood-pressure': Activity,
  weight: Scale,
  meal: Utensils,
  'mood-energy': FaceSlightlySmiling,
  pain: Zap,
  journal: NotebookPen,
  medication: Pill,
};

/** The ten cards of the tracker hub and the ten tiles of Log Data, in the spec's order. */
export type Tile =
  | { kind: 'tracker'; tracker: LogTracker; label: string; to: string; icon: LucideIcon }
  | { kind: 'link'; label: string; to: string; icon: LucideIcon };

const trackerTile = (tracker: LogTracker, path = tracker): Tile => ({
  kind: 'tracker',
  tracker,
  label: TITLES[tracker],
  to: `/dashboard/trackers/${path}`,
  icon: TRACKER_ICONS[tracker],
});

export const TILES: Tile[] = [
  ...LOG_TRACKERS.map((t) => trackerTile(t)),
  { kind: 'link', label: 'Appointment', to: '/dashboard/appointments', icon: CalendarDays },
  { kind: 'link', label: 'Document', to: '/dashboard/documents', icon: FileText },
];

/** Enumeration values as words: "post_workout" → "Post workout", "30_minutes" → "30 minutes". */
export const humanize = (value: string): string => {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Data keys as words: "carbsConsumed" → "Carbs consumed". */
export const humanizeKey = (key: string): string =>
  humanize(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
