import type { PushSubscriptionResponse } from '@healthfolio/core/push/push.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useUpdateDevice } from './push-api';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A device's quiet hours: every glucose alarm but urgent low waits; saved in this device's time zone. */
export function QuietHours({ device }: { device: PushSubscriptionResponse }) {
  const update = useUpdateDevice();
  const [on, setOn] = useState(device.quietHours !== null);
  const [start, setStart] = useState(device.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(device.quietHours?.end ?? '07:00');
  const save = (quietHours: PushSubscriptionResponse['quietHours']) =>
    update.mutate(
      { id: device.id, body: { quietHours } },
      {
        onSuccess: () => toast.success(quietHours ? 'Quiet hours saved' : 'Quiet hours off'),
        onError: (error) =>
          toast.error('Not saved', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">Quiet hours</legend>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            if (!e.target.checked && device.quietHours) save(null);
          }}
        />
        <span>Hold back glucose alarms on this device at night (urgent lows still sound)</span>
      </label>
      {on && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`quiet-start-${device.id}`}>From</Label>
            <Input
              id={`quiet-start-${device.id}`}
              type="time"
              className="w-32"
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`quiet-end-${device.id}`}>Until</Label>
            <Input
              id={`quiet-end-${device.id}`}
              type="time"
              className="w-32"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
            />
          </div>
          <Button
            variant="outline"
            disabled={update.isPending || !start || !end}
            onClick={() => save({ start, end, timeZone: browserZone() })}
          >
            Save quiet hours
          </Button>
        </div>
      )}
    </fieldset>
  );
}
