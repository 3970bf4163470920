import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestServer } from '../../../test/harness';
import { CGM_READINGS, seedExportRecord } from './record-export.seed';

let server: TestServer;
let alice: TestClient;

beforeAll(async () => {
  ({ server, alice } = await seedExportRecord());
}, 120_000);
afterAll(() => server.close());

describe('CSV per tracker', () => {
  it('writes glucose in the person’s unit with local ISO times, quoting and zeros', async () => {
    const res = await alice.get('/api/v1/export/csv/blood-glucose');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(await res.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'time',
      'glucose_mmol_l',
      'source',
      'timing',
      'carbs_consumed',
      'notes',
    ]);
    expect(rows).toHaveLength(CGM_READINGS + 1);
    const logged = rows.find((r) => r.source === 'manual')!;
    expect(rows[0]!.source).toBe('import:libreview');
    expect(logged).toMatchObject({
      glucose_mmol_l: '5.5',
      carbs_consumed: '0',
      notes: 'before lunch, "quoted"',
    });
    expect(logged.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    const [latest] = (await (await alice.get('/api/v1/audit?limit=1')).json()).items as { summary: string }[];
    expect(latest!.summary).toBe('You downloaded a CSV file of your entries');
  });

  it('writes a tracker’s fields as columns, zero as 0', async () => {
    const rows = parseCsv(await (await alice.get('/api/v1/export/csv/meal')).text(), { columns: true });
    expect(rows).toEqual([
      expect.objectContaining({ value: 'Pasta', meal_type: 'other', calories: '640' }),
      expect.objectContaining({
        value: 'Cucumber, water',
        calories: '0',
        carbs: '1.5',
        meal_type: '',
        notes: '',
      }),
    ]);
    const weight = parseCsv(await (await alice.get('/api/v1/export/csv/weight')).text(), { columns: true });
    expect(weight).toEqual([expect.objectContaining({ weight: '176.4', weight_unit: 'lbs' })]);
    expect((await alice.get('/api/v1/export/csv/steps')).status).toBe(400);
  });
});
