import type { GlucoseAlarmResponse } from '@healthfolio/core/glucose/alarms.schema';
import { countOf } from '@healthfolio/core/text/count-words';

/**
 * Where an alarm went, as one sentence for any mix of channels: "Shown in the app",
 * "Shown in the app, sent to 2 devices and emailed to 1 person", "Not sent anywhere yet".
 */
export const deliveredWhere = (d: GlucoseAlarmResponse['delivered']) => {
  const parts = [
    d.inApp ? 'shown in the app' : null,
    d.pushDevices > 0 ? `sent to ${countOf(d.pushDevices, 'device')}` : null,
    d.emails > 0 ? `emailed to ${countOf(d.emails, 'person', 'people')}` : null,
  ].filter((p): p is string => p !== null);
  if (!parts.length) return 'Not sent anywhere yet';
  const last = parts.pop()!;
  const sentence = parts.length ? `${parts.join(', ')} and ${last}` : last;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
};
