import {
  appointmentIcsFilename,
  appointmentIsOver,
} from '@healthfolio/core/appointments/appointment-options';
import { CalendarClock, CalendarX, Download, MapPin, Pencil, Trash2, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { withPerson } from '@/lib/acting-person';
import { downloadFile, errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { appointmentDate, appointmentWhen } from './appointment-format';
import { type AppointmentResponse, icsPath } from './appointments-api';

type Props = {
  appointment: AppointmentResponse;
  profileZone: string;
  onEdit?: () => void;
  onCancel?: () => void;
  onDelete?: () => void;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="shrink-0 font-medium text-muted-foreground sm:w-28">{label}</dt>
      <dd className="min-w-0 whitespace-pre-line break-words">{children}</dd>
    </div>
  );
}

/** Saves the visit's calendar file; an ended session says so instead of saving the error as the file. */
const saveIcs = (a: AppointmentResponse) =>
  downloadFile(icsPath(a.id), appointmentIcsFilename(a.date)).catch((error) =>
    toast.error('Download failed', {
      description: errorMessage(error, 'Could not download the calendar file.'),
    }),
  );

/** One appointment with everything the spec lists; its actions depend on whether it is still ahead or cancelled. */
export function AppointmentCard({ appointment: a, profileZone, onEdit, onCancel, onDelete }: Props) {
  const cancelled = a.status === 'cancelled';
  // Joining is offered only until the visit is over (the server's own "upcoming" rule).
  const ahead = !cancelled && !appointmentIsOver(a);
  const about = (
    <span className="sr-only">
      {' '}
      with {a.provider} on {appointmentDate(a)}
    </span>
  );
  return (
    <article
      aria-labelledby={`appointment-${a.id}`}
      className={cn('flex flex-col gap-3 rounded-lg border bg-card p-4', cancelled && 'opacity-80')}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={`appointment-${a.id}`} className="font-semibold">
            {a.provider}
          </h3>
          <p className="flex items-center gap-1.5 text-sm">
            <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {appointmentWhen(a, profileZone)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {a.specialty && <Badge variant="secondary">{a.specialty}</Badge>}
          {cancelled && (
            <Badge variant="outline" className="gap-1">
              <CalendarX className="size-3" aria-hidden="true" /> Cancelled
            </Badge>
          )}
        </div>
      </header>
      {(a.location || a.reason || a.preparation) && (
        <dl className="flex flex-col gap-1.5 text-sm">
          {a.location && (
            <Detail label="Location">
              <MapPin
                className="mr-1 inline size-3.5 align-[-2px] text-muted-foreground"
                aria-hidden="true"
              />
              {a.location}
            </Detail>
          )}
          {a.reason && <Detail label="Reason">{a.reason}</Detail>}
          {a.preparation && <Detail label="Preparation">{a.preparation}</Detail>}
        </dl>
      )}
      <div className="flex flex-wrap gap-2">
        {a.telehealthUrl && ahead && (
          <a
            href={a.telehealthUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ size: 'sm' })}
          >
            <Video aria-hidden="true" /> Join
            <span className="sr-only"> telehealth visit with {a.provider} (opens in a new tab)</span>
          </a>
        )}
        {/* A past visit's notes can still be corrected; a cancelled one stays as it was. */}
        {onEdit && !cancelled && (
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" /> Edit
            {about}
          </Button>
        )}
        <a
          href={withPerson(icsPath(a.id))}
          download={appointmentIcsFilename(a.date)}
          onClick={(event) => {
            event.preventDefault();
            saveIcs(a);
          }}
          className={buttonVariants({ size: 'sm', variant: 'outline' })}
        >
          <Download aria-hidden="true" /> Download .ics
          {about}
        </a>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            <CalendarX aria-hidden="true" /> Cancel appointment
            {about}
          </Button>
        )}
        {onDelete && (
          <Button size="sm" variant="ghost" onClick={onDelete}>
            <Trash2 aria-hidden="true" /> Delete
            {about}
          </Button>
        )}
      </div>
    </article>
  );
}
