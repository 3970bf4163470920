import { describe, expect, it } from 'vitest';
import { deviceLabel, featureLabel, trackerLabel } from './analytics-labels';

describe('analytics in words', () => {
  it('names trackers by their titles and says where glucose readings came from', () => {
    expect(trackerLabel({ tracker: 'mood-energy' })).toBe('Mood & Energy');
    expect(trackerLabel({ tracker: 'blood-glucose', source: 'import' })).toBe('Blood Glucose, imported');
    expect(trackerLabel({ tracker: 'blood-glucose', source: 'sensor' })).toBe('Blood Glucose from a sensor');
    expect(trackerLabel({ tracker: 'no-such-tracker' })).toBe('Another tracker');
  });

  it('names features and devices in words, never their codes', () => {
    expect(featureLabel('shared_access')).toBe('Sharing with caregivers');
    expect(featureLabel('glucose_alarm')).toBe('Glucose alarms');
    expect(featureLabel('sign_in')).toBe('Other parts of the app');
    expect(deviceLabel('desktop')).toBe('Computer');
    expect(deviceLabel('unknown')).toBe('Not known');
  });
});
