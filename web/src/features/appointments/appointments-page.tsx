import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { appointmentDate } from './appointment-format';
import { AppointmentList } from './appointment-list';
import { type AppointmentResponse, useCancelAppointment, useDeleteAppointment } from './appointments-api';

// The form dialog (and its form library) loads when it is opened, not with the page.
// Below the list: it loads beside the page, keeping the first load within budget.
// The confirmations load when asked for (the first-load budget).
const ConfirmDialog = lazy(async () => ({
  default: (await import('@/components/ui/confirm-dialog')).ConfirmDialog,
}));
const CalendarFeedCard = lazy(async () => ({
  default: (await import('./calendar-feed-card')).CalendarFeedCard,
}));
const AppointmentDialog = lazy(async () => ({
  default: (await import('./appointment-dialog')).AppointmentDialog,
}));

type Editing = { appointment?: AppointmentResponse } | null;
type Confirming = { kind: 'cancel' | 'delete'; appointment: AppointmentResponse } | null;

/** Spec §2 "Appointments page" (Endo Visits in diabetes mode), kept on the server rather than in page memory. */
export function AppointmentsPage() {
  const { profile } = useDashboardContext();
  const w = useWhose();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const cancel = useCancelAppointment();
  const remove = useDeleteAppointment();

  const confirm = () => {
    if (!confirming) return;
    const { kind, appointment } = confirming;
    const mutation = kind === 'cancel' ? cancel : remove;
    mutation.mutate(appointment.id, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(kind === 'cancel' ? 'Appointment cancelled' : 'Appointment deleted');
      },
      onError: (e) =>
        toast.error(
          kind === 'cancel' ? 'Could not cancel the appointment' : 'Could not delete the appointment',
          {
            description: errorMessage(e, 'Please try again.'),
          },
        ),
    });
  };

  const subject =
    confirming && `${confirming.appointment.provider} on ${appointmentDate(confirming.appointment)}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {w.Your} visits, with reminders 24 hours and 1 hour before each one.
        </p>
        <Button onClick={() => setEditing({})}>
          <Plus aria-hidden="true" /> Schedule Appointment
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-8">
          <AppointmentList
            when="upcoming"
            profileZone={profile.timezone}
            onEdit={(appointment) => setEditing({ appointment })}
            onCancel={(appointment) => setConfirming({ kind: 'cancel', appointment })}
          />
          <AppointmentList
            when="past"
            profileZone={profile.timezone}
            onEdit={(appointment) => setEditing({ appointment })}
            onDelete={(appointment) => setConfirming({ kind: 'delete', appointment })}
          />
        </div>
        <Suspense fallback={<Spinner label={`Loading ${w.your} calendar feed`} />}>
          <CalendarFeedCard />
        </Suspense>
      </div>
      {editing && (
        <Suspense fallback={null}>
          <AppointmentDialog appointment={editing.appointment} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {confirming?.kind === 'cancel' && (
          <ConfirmDialog
            title="Cancel this appointment?"
            description={`The visit with ${subject} is cancelled and its reminders are removed. It stays in Past.`}
            confirmLabel="Cancel appointment"
            keepLabel="Keep appointment"
            pending={cancel.isPending}
            onConfirm={confirm}
            onClose={() => setConfirming(null)}
          />
        )}
        {confirming?.kind === 'delete' && (
          <ConfirmDialog
            title="Delete this appointment?"
            description={`The appointment with ${subject} is removed for good.`}
            confirmLabel="Delete"
            pending={remove.isPending}
            onConfirm={confirm}
            onClose={() => setConfirming(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
