import { mealTypeLabel } from '@healthfolio/core/trackers/enums';
import { bpText, dataNumber, dataText, isCrisisEntry, mealText } from './entry-format';
import { MoodCards } from './mood-cards';
import { PressureCrisisTag } from './pressure-crisis-tag';
import { humanize } from './tracker-meta';
import { TrackerScreen } from './tracker-screen';
import { WeightCards } from './weight-cards';

export function BloodPressurePage() {
  return (
    <TrackerScreen
      config={{
        tracker: 'blood-pressure',
        logLabel: 'Log BP Reading',
        trends: true,
        empty: 'No blood pressure readings yet.',
        emptyLink: (w) => `Add ${w.your} first reading`,
        listLabel: 'Blood pressure readings',
        row: (e) => ({ text: bpText(e), badge: isCrisisEntry(e) ? <PressureCrisisTag /> : undefined }),
      }}
    />
  );
}

const scaleBadge = (label: string, value: number | undefined) => `${label} ${value ?? '-'}/5`;

export function MoodEnergyPage() {
  return (
    <TrackerScreen
      config={{
        tracker: 'mood-energy',
        logLabel: 'Log Mood & Energy',
        trends: true,
        empty: 'No mood and energy entries yet.',
        emptyLink: (w) => `Add ${w.your} first entry`,
        listLabel: 'Mood and energy entries',
        cards: <MoodCards />,
        row: (e) => ({
          text: (
            <span className="flex flex-wrap gap-2 text-sm">
              {(['mood', 'energy', 'stress'] as const).map((k) => (
                <span key={k} className="rounded-full border px-2.5 py-0.5 text-xs font-semibold">
                  {scaleBadge(humanize(k), dataNumber(e, k))}
                </span>
              ))}
            </span>
          ),
        }),
      }}
    />
  );
}

export function WeightPage() {
  return <WeightCards />;
}

export function MealPage() {
  return (
    <TrackerScreen
      config={{
        tracker: 'meal',
        logLabel: 'Log Meal',
        empty: 'No meals logged yet.',
        emptyLink: (w) => `Add ${w.your} first meal`,
        listLabel: 'Meals',
        row: (e) => {
          const type = dataText(e, 'mealType');
          return { text: mealText(e) || undefined, badge: type ? mealTypeLabel(type) : 'Meal' };
        },
      }}
    />
  );
}

export function PainPage() {
  return (
    <TrackerScreen
      config={{
        tracker: 'pain',
        logLabel: 'Log Pain Entry',
        empty: 'No pain entries yet.',
        emptyLink: (w) => `Add ${w.your} first entry`,
        listLabel: 'Pain entries',
        row: (e) => {
          const intensity = dataNumber(e, 'painIntensity');
          const where = [dataText(e, 'painLocation'), dataText(e, 'painType')].filter(Boolean) as string[];
          return {
            badge: intensity === undefined ? 'Pain' : `${intensity}/10`,
            text:
              [where.map(humanize).join(', '), dataText(e, 'value')].filter(Boolean).join(' • ') || undefined,
          };
        },
      }}
    />
  );
}

export function JournalPage() {
  return (
    <TrackerScreen
      config={{
        tracker: 'journal',
        logLabel: 'New Journal Entry',
        empty: 'No journal entries yet.',
        emptyLink: (w) => `Write ${w.your} first entry`,
        listLabel: 'Journal entries',
        row: (e) => ({
          text: dataText(e, 'value') ?? e.notes ?? undefined,
          preserveLines: true,
          badge: 'Journal',
        }),
      }}
    />
  );
}

export function MedicationPage() {
  return (
    <TrackerScreen
      config={{
        tracker: 'medication',
        logLabel: 'Log Medication',
        logLink: '/dashboard/log-data',
        empty: 'No medications logged yet.',
        emptyLink: (w) => `Log ${w.your} first medication`,
        listLabel: 'Medications',
        row: (e) => ({ badge: dataText(e, 'value') ?? 'Medication' }),
      }}
    />
  );
}
