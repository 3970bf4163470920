import { describe, expect, it } from 'vitest';
import { whose } from '../text/whose';
import {
  doseAboveMaximumMessage,
  estimateNotAdvice,
  insulinSettingsRequiredMessage,
  insulinSettingsReviewMessage,
  staleDoseDataMessage,
  staleDoseDataTitle,
  unreadDoseDataMessage,
} from './dosing-guards';

const mia = whose('Mia');

describe('the dosing words, for whose record it is', () => {
  it('read exactly as before on the account’s own record', () => {
    expect(estimateNotAdvice()).toBe('This is an estimate from your own settings, not medical advice.');
    expect(doseAboveMaximumMessage(10)).toBe(
      'This dose is above your maximum single dose of 10 units. Check your numbers; change the maximum in your insulin settings only with your care team.',
    );
    expect(staleDoseDataTitle()).toBe('No dose suggested: your insulin data is out of date');
    expect(unreadDoseDataMessage()).toBe(
      'Your logged doses and insulin settings have not loaded on this device, so the insulin still working is not known. Connect to load them, or follow the plan your care team gave you.',
    );
    expect(staleDoseDataMessage('10:42')).toBe(
      'Your logged doses and insulin settings were last updated at 10:42. A dose logged since, on another device or by your pump, would change the insulin still working. Connect to update them, or follow the plan your care team gave you.',
    );
    expect(insulinSettingsReviewMessage()).toMatch(/^Your insulin settings came from an imported record\./);
  });

  it('name the ward while a guardian acts for her, asking the same of the reader', () => {
    expect(estimateNotAdvice(mia)).toBe('This is an estimate from Mia’s own settings, not medical advice.');
    expect(doseAboveMaximumMessage(10, mia)).toBe(
      'This dose is above Mia’s maximum single dose of 10 units. Check the numbers; change the maximum in Mia’s insulin settings only with Mia’s care team.',
    );
    expect(staleDoseDataTitle(mia)).toBe('No dose suggested: Mia’s insulin data is out of date');
    expect(staleDoseDataMessage('10:42', mia)).toBe(
      'Mia’s logged doses and insulin settings were last updated at 10:42. A dose logged since, on another device or by Mia’s pump, would change the insulin still working. Connect to update them, or follow the plan Mia’s care team gave you.',
    );
    for (const text of [
      unreadDoseDataMessage(mia),
      insulinSettingsRequiredMessage(mia),
      insulinSettingsReviewMessage(mia),
    ])
      expect(text).not.toMatch(/\byour\b/i);
  });
});
