import { QueryView } from '@/features/trackers/screen-parts';
import { AppointmentCard } from './appointment-card';
import { type AppointmentResponse, type AppointmentWhen, useAppointments } from './appointments-api';

const TEXT: Record<AppointmentWhen, { title: string; empty: string; what: string }> = {
  upcoming: { title: 'Upcoming', empty: 'No appointments scheduled.', what: 'upcoming appointments' },
  past: { title: 'Past', empty: 'No past or cancelled appointments.', what: 'past appointments' },
};

type Actions = {
  onEdit?: (a: AppointmentResponse) => void;
  onCancel?: (a: AppointmentResponse) => void;
  onDelete?: (a: AppointmentResponse) => void;
};

/** "Upcoming" (soonest first) or "Past" (latest first, cancelled ones included), in the server's order. */
export function AppointmentList({
  when,
  profileZone,
  ...actions
}: { when: AppointmentWhen; profileZone: string } & Actions) {
  const query = useAppointments(when);
  const { title, empty, what } = TEXT[when];
  const headingId = `appointments-${when}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <QueryView query={query} what={what}>
        {(items) =>
          items.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              {empty}
            </p>
          ) : (
            <ul className="flex flex-col gap-3" aria-labelledby={headingId}>
              {items.map((a) => (
                <li key={a.id}>
                  <AppointmentCard
                    appointment={a}
                    profileZone={profileZone}
                    onEdit={actions.onEdit && (() => actions.onEdit?.(a))}
                    onCancel={actions.onCancel && (() => actions.onCancel?.(a))}
                    onDelete={actions.onDelete && (() => actions.onDelete?.(a))}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
