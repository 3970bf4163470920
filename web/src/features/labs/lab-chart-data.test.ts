import { describe, expect, it } from 'vitest';
import { labChartData } from './lab-chart-data';
import type { LabResultResponse, LabTestSeriesResponse } from './labs-api';

const result = (over: Partial<LabResultResponse>): LabResultResponse => ({
  id: crypto.randomUUID(),
  testName: 'Platelets',
  loinc: '777-3',
  value: 250,
  valueText: null,
  unit: '10*3/uL',
  referenceLow: null,
  referenceHigh: null,
  referenceHighExclusive: false,
  referenceText: null,
  flag: null,
  effectiveAt: '2020-06-01T12:00:00.000Z',
  effectivePrecision: null,
  source: 'imported',
  documentId: null,
  labName: null,
  note: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...over,
});

const series = (loinc: string, items: LabResultResponse[]): LabTestSeriesResponse => ({
  loinc,
  testName: items[0]!.testName,
  items,
});

const platelets = series('777-3', [
  result({
    value: 123,
    unit: '10*9/L',
    flag: 'low',
    referenceLow: 150,
    referenceHigh: 400,
    effectiveAt: '2008-07-01T12:00:00.000Z',
    effectivePrecision: 'year',
  }),
  result({ value: 250, referenceLow: 150, referenceHigh: 450, effectiveAt: '2019-03-14T12:00:00.000Z' }),
  result({ value: 310, referenceLow: 150, referenceHigh: 450, effectiveAt: '2023-05-02T12:00:00.000Z' }),
]);

describe('a lab test’s trend chart', () => {
  it('shows the platelet count written in 10^9/L beside the ones in 10^3/µL, on one scale', () => {
    const chart = labChartData(platelets, 'UTC');
    expect(chart.unit).toBe('10*3/uL');
    expect(chart.points.map((p) => [p.date, p.value])).toEqual([
      ['2008', 123],
      ['Mar 14, 2019', 250],
      ['May 2, 2023', 310],
    ]);
    expect(chart.leftOut).toEqual([]);
  });

  it('shades each result’s own reference range, not the latest one across every year', () => {
    const chart = labChartData(platelets, 'UTC');
    expect(chart.bands.map((b) => [b.y1, b.y2])).toEqual([
      [150, 400],
      [150, 450],
    ]);
    // The 2008 range runs to halfway to the 2019 result; the later one from there to the end.
    expect(chart.bands[0]!.x2).toBe(chart.bands[1]!.x1);
    expect(chart.bands[0]!.x2).toBeLessThan(chart.points[1]!.at);
    expect(chart.oneRange).toBeNull();
    // The axis holds the low result and the ranges, at round ticks.
    expect(chart.y.domain[0]).toBeLessThan(123);
    expect(chart.y.domain[1]).toBeGreaterThanOrEqual(450);
  });

  it('names a result it cannot place under the chart, never dropping it silently', () => {
    const a1c = series('4548-4', [
      result({
        testName: 'Hemoglobin A1c',
        loinc: '4548-4',
        value: 48,
        unit: 'mmol/mol',
        effectiveAt: '2018-01-10T12:00:00.000Z',
      }),
      result({
        testName: 'Hemoglobin A1c',
        loinc: '4548-4',
        value: 6.4,
        unit: '%',
        effectiveAt: '2021-01-10T12:00:00.000Z',
      }),
      result({
        testName: 'Hemoglobin A1c',
        loinc: '4548-4',
        value: 7.4,
        unit: '%',
        effectiveAt: '2023-01-10T12:00:00.000Z',
      }),
      result({
        testName: 'Hemoglobin A1c',
        loinc: '4548-4',
        value: null,
        valueText: 'See note',
        unit: null,
        effectiveAt: '2023-02-10T12:00:00.000Z',
      }),
    ]);
    const chart = labChartData(a1c, 'UTC');
    expect(chart.unit).toBe('%');
    expect(chart.points.map((p) => p.value)).toEqual([6.4, 7.4]);
    expect(chart.leftOut).toEqual([
      '1 result in mmol/mol is not on this chart',
      '1 result written in words is not on this chart',
    ]);
  });

  it('converts mmol/L glucose into the mg/dL most results are in, with its range', () => {
    const glucose = series('2345-7', [
      result({
        testName: 'Glucose',
        loinc: '2345-7',
        value: 5.5,
        unit: 'mmol/L',
        referenceLow: 3.9,
        referenceHigh: 5.5,
        effectiveAt: '2015-01-10T12:00:00.000Z',
      }),
      result({
        testName: 'Glucose',
        loinc: '2345-7',
        value: 92,
        unit: 'mg/dl',
        effectiveAt: '2020-01-10T12:00:00.000Z',
      }),
      result({
        testName: 'Glucose',
        loinc: '2345-7',
        value: 104,
        unit: 'mg/dL',
        effectiveAt: '2022-01-10T12:00:00.000Z',
      }),
    ]);
    const chart = labChartData(glucose, 'UTC');
    expect(chart.unit).toBe('mg/dL');
    expect(chart.points.map((p) => p.value)).toEqual([99.1, 92, 104]);
    expect(chart.points[0]).toMatchObject({ low: 70.3, high: 99.1 });
    expect(chart.bands).toHaveLength(1);
  });

  it('says the range in words when every result has the same one', () => {
    const same = series('777-3', [
      result({
        value: 212,
        unit: '10*9/L',
        referenceLow: 150,
        referenceHigh: 450,
        effectiveAt: '2019-03-14T12:00:00.000Z',
      }),
      result({ referenceLow: 150, referenceHigh: 450, effectiveAt: '2020-03-14T12:00:00.000Z' }),
    ]);
    const chart = labChartData(same, 'UTC');
    expect(chart.oneRange).toBe('150–450 × 10³/µL');
    // Two neighbours with one range make one shaded stretch.
    expect(chart.bands).toHaveLength(1);
  });
});
