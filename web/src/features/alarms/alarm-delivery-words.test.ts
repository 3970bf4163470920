import { describe, expect, it } from 'vitest';
import { deliveredWhere } from './alarm-delivery-words';

const d = (inApp: boolean, pushDevices: number, emails: number) => ({ inApp, pushDevices, emails });

describe('where an alarm went', () => {
  it('reads as a sentence for every mix of channels', () => {
    expect(deliveredWhere(d(false, 0, 0))).toBe('Not sent anywhere yet');
    expect(deliveredWhere(d(true, 0, 0))).toBe('Shown in the app');
    expect(deliveredWhere(d(false, 1, 0))).toBe('Sent to 1 device');
    expect(deliveredWhere(d(false, 0, 2))).toBe('Emailed to 2 people');
    expect(deliveredWhere(d(true, 2, 0))).toBe('Shown in the app and sent to 2 devices');
    expect(deliveredWhere(d(true, 0, 1))).toBe('Shown in the app and emailed to 1 person');
    expect(deliveredWhere(d(false, 3, 1))).toBe('Sent to 3 devices and emailed to 1 person');
    expect(deliveredWhere(d(true, 2, 2))).toBe('Shown in the app, sent to 2 devices and emailed to 2 people');
  });
});
