import { CalendarClock, MapPin, Video } from 'lucide-react';
import { CardDescription } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { QueryView } from '@/features/trackers/screen-parts';
import { appointmentWhen } from './appointment-format';
import { useAppointments } from './appointments-api';

/** The dashboard's "Next Appointment": the soonest upcoming visit (the server lists them soonest first). */
export function NextAppointmentBody({ empty }: { empty: string }) {
  const { profile } = useDashboardContext();
  const upcoming = useAppointments('upcoming');
  const w = useWhose();
  // A card-sized wait (the screens' spinner is padded): an empty answer then does not move the page.
  if (upcoming.isPending) return <Spinner label={`Loading ${w.your} next appointment`} />;
  return (
    <QueryView query={upcoming} what={`${w.your} next appointment`}>
      {(items) => {
        const next = items[0];
        if (!next) return <CardDescription>{empty}</CardDescription>;
        return (
          <div className="flex flex-col gap-1.5 text-sm">
            <p className="text-base font-semibold">{next.provider}</p>
            {next.specialty && <p className="text-muted-foreground">{next.specialty}</p>}
            <p className="flex items-center gap-1.5">
              <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {appointmentWhen(next, profile.timezone)}
            </p>
            {next.location && (
              <p className="flex items-center gap-1.5">
                <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                {next.location}
              </p>
            )}
            {next.telehealthUrl && (
              <p className="flex items-center gap-1.5">
                <Video className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                Telehealth visit
              </p>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}
