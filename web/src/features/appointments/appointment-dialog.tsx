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

const zoneName = (zone: string) => zone.replaceAll('_', ' ');

// A new visit's times are read in the user's zone; an edited visit keeps the zone it was saved in.
const timeHint = (zone: string, appointment?: AppointmentResponse) =>
  `Times are in ${zoneName(appointment?.timeZone ?? zone)}`;

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
        await save.mutateAsync({ id: appointment?.id, body });
        toast.success(editing ? 'Appointment updated' : 'Appointment scheduled', {
          description: editing ? undefined : 'Reminders follow 24 hours and 1 hour before.',
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
