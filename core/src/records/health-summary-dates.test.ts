import { describe, expect, it } from 'vitest';
import { healthSummaryText, healthSummaryWhen } from './health-summary-dates';

const date = (fhir: string) => fhir.slice(0, 10);
const item = (over: Partial<Parameters<typeof healthSummaryWhen>[0]>) => ({
  kind: 'condition' as const,
  status: 'active',
  onsetAt: null,
  recordedAt: null,
  details: {},
  ...over,
});

describe('the dates of a health summary item', () => {
  it('says an immunization was given on its day, never "since"', () => {
    const r = healthSummaryWhen(
      item({ kind: 'immunization', status: 'completed', onsetAt: '2020-09-30' }),
      date,
    );
    expect(r).toEqual({ status: 'Completed', when: 'Given on 2020-09-30', details: {} });
  });

  it('says a procedure was done on its day, once when it starts and ends that day', () => {
    const oneDay = healthSummaryWhen(
      item({
        kind: 'procedure',
        status: 'completed',
        onsetAt: '2017-04-04T10:00:00Z',
        details: { Ended: '2017-04-04T10:40:00Z' },
      }),
      date,
    );
    expect(oneDay.when).toBe('Done on 2017-04-04');
    expect(oneDay.details).toEqual({});
    const span = healthSummaryWhen(
      item({
        kind: 'procedure',
        status: 'completed',
        onsetAt: '2017-04-04',
        details: { Ended: '2017-04-06', Reason: 'Pain' },
      }),
      date,
    );
    expect(span.when).toBe('Done 2017-04-04 to 2017-04-06');
    expect(span.details).toEqual({ Reason: 'Pain' });
  });

  it('says "done" only of a completed procedure: one in progress, on hold or stopped says so', () => {
    const procedure = (status: string | null, Ended?: string) =>
      healthSummaryWhen(
        item({ kind: 'procedure', status, onsetAt: '2012-05-12', details: Ended ? { Ended } : {} }),
        date,
      );
    expect(procedure('in-progress')).toMatchObject({
      status: 'In progress',
      when: 'In progress since 2012-05-12',
    });
    // Medplum's word for a C-CDA procedure in progress.
    expect(procedure('active')).toMatchObject({
      status: 'In progress',
      when: 'In progress since 2012-05-12',
    });
    expect(procedure('on-hold')).toMatchObject({ status: 'On hold', when: 'Started 2012-05-12' });
    expect(procedure('stopped', '2012-05-14')).toMatchObject({
      status: 'Stopped',
      when: 'Started 2012-05-12, stopped on 2012-05-14',
    });
    expect(procedure('stopped')).toMatchObject({ status: 'Stopped', when: 'Started 2012-05-12' });
    expect(procedure('unknown')).toMatchObject({ status: 'Status unknown', when: 'On 2012-05-12' });
    expect(procedure(null).when).toBe('On 2012-05-12');
    expect(procedure('completed').when).toBe('Done on 2012-05-12');
    for (const status of ['in-progress', 'active', 'on-hold', 'stopped', 'unknown', null])
      expect(procedure(status, '2012-05-14').when).not.toMatch(/^Done/);
  });

  it('keeps "since" for a condition still going on', () => {
    expect(healthSummaryWhen(item({ onsetAt: '2013-07-03' }), date)).toMatchObject({
      status: 'Active',
      when: 'Since 2013-07-03',
    });
  });

  it('does not call a condition with an end date simply active', () => {
    const r = healthSummaryWhen(item({ onsetAt: '1998-03-10', details: { Ended: '1998-03-16' } }), date);
    expect(r.status).toBe('Active, but has an end date');
    expect(r.when).toBe('1998-03-10 to 1998-03-16');
    const resolved = healthSummaryWhen(
      item({ status: 'resolved', onsetAt: '1998-03-10', details: { Ended: '1998-03-16' } }),
      date,
    );
    expect(resolved.status).toBe('Resolved');
  });

  it('shows an end before the start as written and says the dates disagree, claiming no span', () => {
    const r = healthSummaryWhen(item({ onsetAt: '2013-07-03', details: { Ended: '2008-08-14' } }), date);
    expect(r.when).toBe(
      'Started 2013-07-03, ended 2008-08-14: the record’s dates disagree (it ends before it starts)',
    );
    expect(r.when).not.toContain('Since');
  });

  it('says "recorded on" when only the recording date is known', () => {
    expect(healthSummaryWhen(item({ kind: 'allergy', recordedAt: '2019-01-02' }), date).when).toBe(
      'Recorded on 2019-01-02',
    );
  });

  it('writes the record’s codes in words and dates a stopped medication by its start, not "since"', () => {
    const allergy = healthSummaryWhen(
      item({ kind: 'allergy', details: { Verification: 'confirmed', Criticality: 'low', Severity: 'mild' } }),
      date,
    );
    expect(allergy.details).toEqual({ Verification: 'Confirmed', Criticality: 'Low risk', Severity: 'Mild' });
    const stopped = healthSummaryWhen(
      item({ kind: 'medication', status: 'stopped', onsetAt: '2015-11-17' }),
      date,
    );
    expect(stopped.when).toBe('Started 2015-11-17');
    expect(healthSummaryText('Viral sinusitis (disorder)')).toBe('Viral sinusitis');
    expect(healthSummaryText('Review of systems (procedure)')).toBe('Review of systems');
  });
});
