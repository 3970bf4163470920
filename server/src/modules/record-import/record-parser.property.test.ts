import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyHostile } from '../../../test/fuzz/hostile-values';
import { ProblemError } from '../../http/problem';
import { LimitedRunError } from '../../untrusted/run-limited';
import { MALFORMED, NOT_A_RECORD, SEVERAL_PATIENTS } from './read-resources';
import { readRecord } from './receive-record';
import { parse } from './record-parser';

/**
 * FHIR and C-CDA imports (issue 37): whatever the file holds, the parser the route runs in its child
 * process answers a plan or its own typed refusal (LimitedRunError with one of the codes the HTTP layer
 * turns into a 4xx), never another exception; a lab result written as FHIR comes back as itself.
 * Seeds are fixed so `npm test` runs the same cases every time.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/records/${name}`, import.meta.url), 'utf8');
const REFUSALS = new Set([NOT_A_RECORD, MALFORMED, SEVERAL_PATIENTS]);
const enc = new TextEncoder();

const outcome = async (bytes: Uint8Array) => {
  try {
    const plan = await parse({ bytes });
    expect(Array.isArray(plan.items)).toBe(true);
    return 'plan';
  } catch (err) {
    if (err instanceof LimitedRunError && REFUSALS.has(err.code)) return err.code;
    throw err;
  }
};

/** A JSON value with one place changed: a hostile value put in, or a key taken out. */
const mutate = (value: unknown, path: number[], replacement: unknown, remove: boolean): unknown => {
  if (value === null || typeof value !== 'object') return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0 || path.length === 0) return replacement;
  const key = keys[path[0]! % keys.length]!;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
  if (remove && path.length === 1) delete copy[key];
  else copy[key] = mutate((value as Record<string, unknown>)[key], path.slice(1), replacement, remove);
  return copy;
};
const mutations = fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), anyHostile, fc.boolean());

describe('FHIR records', () => {
  const bundle = JSON.parse(fixture('synthea-bundle.json'));

  it('answers a mutated bundle with a plan or a typed refusal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutations, { minLength: 1, maxLength: 6 }), async (changes) => {
        const changed = changes.reduce(
          (doc, [path, value, remove]) => mutate(doc, path, value, remove),
          bundle,
        );
        await outcome(enc.encode(JSON.stringify(changed)));
      }),
      { seed: 37, numRuns: 150 },
    );
  });

  it('answers truncated, spliced or arbitrary bytes with a plan or a typed refusal', async () => {
    const text = fixture('synthea-bundle.json');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.nat(text.length).map((n) => enc.encode(text.slice(0, n))),
          fc
            .tuple(fc.nat(text.length), fc.string({ unit: 'binary', maxLength: 20 }))
            .map(([n, s]) => enc.encode(text.slice(0, n) + s + text.slice(n))),
          fc.uint8Array({ maxLength: 200 }),
          fc.jsonValue().map((v) => enc.encode(JSON.stringify(v))),
        ),
        async (bytes) => void (await outcome(bytes)),
      ),
      { seed: 37, numRuns: 60 },
    );
  });

  it('gives back a lab result written as a FHIR Observation: test, value, unit and time', async () => {
    const lab = fc.record({
      loinc: fc.constantFrom('718-7', '2093-3', '2160-0'),
      value: fc.double({ min: 0.1, max: 999, noNaN: true }).map((v) => Math.round(v * 100) / 100),
      unit: fc.constantFrom('g/dL', 'mg/dL', 'mmol/L'),
      at: fc
        .integer({ min: Date.parse('2000-01-01'), max: Date.parse('2025-01-01') })
        .map((ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString()),
    });
    await fc.assert(
      fc.asyncProperty(lab, async (l) => {
        const observation = {
          resourceType: 'Observation',
          status: 'final',
          category: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' },
              ],
            },
          ],
          code: { coding: [{ system: 'http://loinc.org', code: l.loinc }] },
          effectiveDateTime: l.at,
          valueQuantity: { value: l.value, unit: l.unit, system: 'http://unitsofmeasure.org', code: l.unit },
        };
        const plan = await parse({
          bytes: enc.encode(
            JSON.stringify({
              resourceType: 'Bundle',
              type: 'collection',
              entry: [{ resource: observation }],
            }),
          ),
        });
        expect(plan.items).toHaveLength(1);
        expect(plan.items[0]).toMatchObject({
          kind: 'lab',
          result: { loinc: l.loinc, value: l.value, unit: l.unit },
        });
        const item = plan.items[0] as { result: { effectiveAt: string } };
        expect(Date.parse(item.result.effectiveAt)).toBe(Date.parse(l.at));
      }),
      { seed: 37, numRuns: 50 },
    );
  });
});

describe('C-CDA records', () => {
  const ccd = fixture('ccd.xml');

  it('answers a truncated or spliced document with a plan or a typed refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.nat(ccd.length).map((n) => ccd.slice(0, n)),
          fc
            .tuple(
              fc.nat(ccd.length),
              fc.oneof(
                fc.constantFrom(
                  '<',
                  '>',
                  '&',
                  '&amp;',
                  '<!--',
                  ']]>',
                  '<!DOCTYPE x [<!ENTITY a "b">]>',
                  '\u0000',
                  '</ClinicalDocument>',
                ),
                fc.string({ maxLength: 20 }),
              ),
            )
            .map(([n, s]) => ccd.slice(0, n) + s + ccd.slice(n)),
          // A value where the document has one: a date, a code, a number.
          fc
            .tuple(
              fc.constantFrom('value="', 'code="', 'unit="'),
              fc.oneof(fc.string({ maxLength: 12 }), fc.constant('1e999')),
            )
            .map(([attribute, s]) => ccd.replaceAll(attribute, `${attribute}${s.replaceAll('"', '')}`)),
        ),
        async (text) => void (await outcome(enc.encode(text))),
      ),
      { seed: 37, numRuns: 80 },
    );
  });
});

describe('the HTTP layer', () => {
  it('turns any refusal of the child process into a 4xx problem', async () => {
    // Two child processes only: each takes a moment to start.
    for (const bytes of [
      Buffer.from('not a record'),
      Buffer.from('{"resourceType":"Bundle","entry":[{"resource":'),
    ]) {
      const err = await readRecord(bytes).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ProblemError);
      expect((err as ProblemError).status).toBeGreaterThanOrEqual(400);
      expect((err as ProblemError).status).toBeLessThan(500);
    }
  });
});
