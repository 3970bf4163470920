import { whose } from '@healthfolio/core/text/whose';
import type { QueryClient } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { alarmKeys } from '@/features/alarms/alarms-api';
import { AlarmsCard } from '@/features/alarms/alarms-card';
import { HealthSummaryPage } from '@/features/health-summary/health-summary-page';
import { HypoSettingsCard } from '@/features/hypo/hypo-settings-card';
import { ClinicianReportCard } from '@/features/reports/clinician-report-card';
import { entryDetailRows } from '@/features/trackers/entry-detail-rows';
import { renderInDashboard } from '@/test/render-in-dashboard';

/** What the server answers: an empty health summary and alarm history, follow-ups on with no caregiver. */
const seed = (client: QueryClient) => {
  client.setQueryData(['health-summary'], { items: [] });
  client.setQueryData(alarmKeys.history, { pages: [{ items: [], nextCursor: null }], pageParams: [null] });
  client.setQueryData(['hypo', 'settings'], { enabled: true, alertRecipients: [] });
  client.setQueryData(['hypo', 'follow-ups'], { items: [] });
};

const screens = (ward?: string) =>
  renderInDashboard(
    h(
      'div',
      null,
      h(HealthSummaryPage),
      h(AlarmsCard, { unit: 'mg/dL', timeZone: 'UTC' }),
      h(HypoSettingsCard),
    ),
    { ward, seed },
  );

describe('the health summary, alarms and low-glucose follow-up, for whose record it is', () => {
  it('read as before on the account’s own record', () => {
    const text = screens();
    expect(text).toContain('medications from the records you imported.');
    expect(text).toContain('Nothing here yet. Import a record from your patient portal');
    expect(text).toContain('sent to your devices and your household’s even when Healthfolio is closed.');
    expect(text).toContain('When a reading below 70 mg/dL comes in');
    expect(text).toContain('the urgent alert reaches only you.');
  });

  it('name the ward while a guardian acts for her', () => {
    const text = screens('Mia');
    expect(text).toContain('medications from Mia’s imported records.');
    expect(text).toContain('Nothing here yet. Import a record from Mia’s patient portal');
    expect(text).toContain(
      'sent to Mia’s devices and the devices of Mia’s household even when Healthfolio is closed.',
    );
    expect(text).toContain('When one of Mia’s readings below 70 mg/dL comes in');
    expect(text).toContain('the urgent alert reaches only Mia’s household.');
    // The only "my" left is the permission's own label, quoted as the sharing screen writes it.
    expect(text).not.toMatch(/\byour\b/i);
  });
});

describe('an insulin dose’s details, for whose record it is', () => {
  const dose = {
    id: 'e1',
    tracker: 'insulin',
    title: 'Insulin',
    occurredAt: '2026-01-01T10:00:00Z',
    data: { total_insulin: 8, high_dose_confirmed: true },
  } as never;
  const confirmed = (w = whose(null)) =>
    Object.fromEntries(entryDetailRows(dose, 'mg/dL', 'UTC', w))['High Dose Alert'];

  it('says you confirmed it on your own record, and never "you" for the ward’s', () => {
    expect(confirmed()).toBe('You confirmed this dose');
    expect(confirmed(whose('Mia'))).toBe('This dose was confirmed when it was logged');
  });
});

describe('the clinician report card, for whose record it is', () => {
  it('offers your glucose profile on your own record and the ward’s while acting for her', () => {
    expect(renderInDashboard(h(ClinicianReportCard))).toContain(
      'A printable PDF for your care team: your glucose profile (AGP)',
    );
    const mia = renderInDashboard(h(ClinicianReportCard), { ward: 'Mia' });
    expect(mia).toContain('A printable PDF for Mia’s care team: Mia’s glucose profile (AGP)');
    expect(mia).not.toMatch(/\byour\b/i);
  });
});
