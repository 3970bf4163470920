import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from './record-parser';

const ccd = readFileSync(new URL('../../../test/fixtures/records/ccd-results.xml', import.meta.url));

describe('A C-CDA document’s results and problems (HL7’s CCD example, times such as 200803190830-0800)', () => {
  it('imports each result at its instant, with the reference range the document gives', async () => {
    const plan = await parse({ bytes: new Uint8Array(ccd) });
    const labs = plan.items.flatMap((i) => (i.kind === 'lab' ? [i.result] : []));
    expect(labs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          loinc: '718-7',
          value: 13.2,
          unit: 'g/dL',
          effectiveAt: '2008-03-19T16:30:00.000Z',
          referenceLow: 12,
          referenceHigh: 15.5,
        }),
        expect.objectContaining({
          loinc: '777-3',
          value: 123,
          effectiveAt: '2008-03-19T16:30:00.000Z',
          referenceLow: 150,
          referenceHigh: 350,
        }),
      ]),
    );
    expect(plan.notUnderstood).not.toContainEqual(
      expect.objectContaining({ reason: 'A measurement without a date and time.' }),
    );
  });

  it('keeps a problem’s onset date and time', async () => {
    const plan = await parse({ bytes: new Uint8Array(ccd) });
    const conditions = plan.items.flatMap((i) => (i.kind === 'summary' ? [i.item] : []));
    expect(conditions).toEqual([
      expect.objectContaining({ text: 'Pneumonia', onsetAt: '2012-09-25T11:30:00-05:00' }),
    ]);
  });
});
