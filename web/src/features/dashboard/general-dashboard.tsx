import { Activity, CalendarDays, Droplet, FileText, type LucideIcon, Pill, Receipt } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhose, type Whose } from '@/features/household/whose';
import {
  ClaimsStatusBody,
  GlucoseAverageBody,
  NextAppointmentBody,
  PressureTrendBody,
  RecentDocumentsBody,
  TodayMedicationsBody,
} from './card-bodies';

type Tile = {
  title: string;
  icon: LucideIcon;
  empty: string;
  /** The link under the card; its words name whose record it is ("Add Mia’s insurance"). */
  link: { to: string; label: string | ((w: Whose) => string) };
  Body?: ComponentType<{ empty: string }>;
};

// Each card shows the user's own data once its capability lands; until then it says there is nothing yet.
const TILES: Tile[] = [
  {
    title: "Today's Medications",
    icon: Pill,
    empty: 'No medications scheduled for today.',
    Body: TodayMedicationsBody,
    link: { to: '/dashboard/notifications?tab=medication', label: 'Set up medication reminders' },
  },
  {
    title: 'Next Appointment',
    icon: CalendarDays,
    empty: 'No appointments scheduled.',
    Body: NextAppointmentBody,
    link: { to: '/dashboard/appointments', label: 'Schedule an appointment' },
  },
  {
    title: 'Glucose 7-Day Average',
    icon: Droplet,
    empty: 'No glucose readings in the last 7 days.',
    Body: GlucoseAverageBody,
    link: { to: '/dashboard/log-data', label: 'Log a glucose reading' },
  },
  {
    title: 'Claims Status',
    icon: Receipt,
    empty: 'No insurance claims yet.',
    Body: ClaimsStatusBody,
    link: { to: '/dashboard/insurance', label: (w) => `Add ${w.your} insurance` },
  },
  {
    title: 'Blood Pressure Trend',
    icon: Activity,
    empty: 'No blood pressure readings yet.',
    Body: PressureTrendBody,
    link: { to: '/dashboard/log-data', label: 'Log a blood pressure reading' },
  },
  {
    title: 'Recent Documents',
    icon: FileText,
    empty: 'No documents uploaded yet.',
    Body: RecentDocumentsBody,
    link: { to: '/dashboard/documents', label: 'Upload a document' },
  },
];

export function GeneralDashboard() {
  const w = useWhose();
  return (
    <section aria-label="Overview" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {TILES.map(({ title, icon: Icon, empty, link, Body }) => (
        <Card key={title} className="flex flex-col">
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle className="text-base">{title}</CardTitle>
            <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent className="flex flex-1 flex-col justify-between gap-3">
            {/* As tall as the spinner, so a card whose data turns out empty does not shift the page. */}
            <div className="min-h-6">
              {Body ? <Body empty={empty} /> : <CardDescription>{empty}</CardDescription>}
            </div>
            <Link
              to={link.to}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {typeof link.label === 'function' ? link.label(w) : link.label}
            </Link>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
