import { appointmentIsOver } from '@healthfolio/core/appointments/appointment-options';
import { reminderPromise } from '@healthfolio/core/appointments/appointment-reminders';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { ApiError, errorMessage } from '@/lib/api';
import { AppointmentFieldset } from './appointment-fields';
import {
  type AppointmentValues,
  appointmentResolver,
  fieldForPath,
  initialValues,
  missesRequired,
  REQUIRED_DESCRIPTION,
  REQUIRED_TITLE,
} from './appointment-form';
import { type AppointmentFields, type AppointmentResponse, useSaveAppointment } from './appointments-api';

// A new visit's times are read in the user's zone; an edited visit keeps the zone it was saved in.
const timeHint = (zone: string, appointment?: AppointmentResponse) =>
  `Times are in ${zoneWords(appointment?.timeZone ?? zone)}`;

/**
 * "Schedule New Appointment", or the same form filled in to edit one. The host mounts it only while
 * open, so closing it (saved or cancelled) leaves nothing behind for the next time.
 */
export function AppointmentDialog({
  appointment,
  onClose,
}: {
  appointment?: AppointmentResponse;
  onClose: () => void;
}) {
  const { profile } = useDashboardContext();
  const save = useSaveAppointment();
  const form = useForm<AppointmentValues, unknown, AppointmentFields>({
    resolver: appointmentResolver,
    defaultValues: initialValues(appointment),
  });
  const editing = Boolean(appointment);

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const saved = await save.mutateAsync({ id: appointment?.id, body });
        if (editing) toast.success('Appointment updated');
        // A visit already over is a record of one, not a scheduled one: it goes to Past, with no reminders.
        else if (appointmentIsOver(saved))
          toast.success('Appointment added to Past', {
            description: 'Its date has passed, so no reminders will come.',
          });
        else
          toast.success('Appointment scheduled', {
            // Only the reminders that will come: none for a visit within the hour.
            description: reminderPromise(new Date(saved.startsAt), new Date()) ?? undefined,
          });
        onClose();
      } catch (error) {
        const fields = error instanceof ApiError ? error.fieldErrors : [];
        for (const { path, message } of fields)
          form.setError(fieldForPath(path), { type: 'server', message });
        toast.error(editing ? 'Could not update the appointment' : 'Could not schedule the appointment', {
          description: errorMessage(error, 'Please try again.'),
        });
      }
    },
    () => {
      if (missesRequired(form.getValues()))
        toast.error(REQUIRED_TITLE, { description: REQUIRED_DESCRIPTION });
    },
  );

  const rootError = form.formState.errors.root?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Appointment' : 'Schedule New Appointment'}</DialogTitle>
          <DialogDescription>
            Provider, date and start time are required. You get reminders 24 hours and 1 hour before.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {rootError && (
            <p role="alert" className="text-sm text-destructive">
              {rootError}
            </p>
          )}
          <AppointmentFieldset form={form} timeHint={timeHint(profile.timezone, appointment)} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : editing ? 'Save changes' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
