import { z } from 'zod';
import { text } from '../http/text';
import { DATE_PRECISIONS, type DatePrecision, partialDateInstant } from '../units/date-precision';
import { FUTURE_DATE_MESSAGE } from '../units/not-in-future';
import { datedAsGiven, isDatedBegun } from '../units/partial-date-future';
import { LAB_FLAGS } from './lab-units';

export const LAB_SOURCES = ['typed', 'imported', 'portal'] as const;
export type LabSource = (typeof LAB_SOURCES)[number];

export const LAB_SOURCE_LABELS: Record<LabSource, string> = {
  typed: 'Typed in',
  imported: 'Imported file',
  portal: 'Patient portal',
};

const LabFlagSchema = z.enum(LAB_FLAGS);

/** A LOINC code: digits, a hyphen and the check digit. */
export const LoincCode = z.string().regex(/^\d{1,7}-\d$/, 'Enter a LOINC code such as 4548-4');

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const Value = z.number().finite().min(-1e9).max(1e9);

export const labResultFields = {
  testName: text({ error: 'Test name is required' }).trim().min(1, 'Test name is required').max(200),
  loinc: LoincCode,
  value: Value.nullish().transform((v) => v ?? null),
  valueText: optionalText(200),
  /** A UCUM code (mg/dL, mmol/L, %, 10*3/uL...). */
  unit: z
    .string()
    .trim()
    .max(40)
    .regex(/^[\x21-\x7e]*$/, 'Enter a UCUM unit such as mg/dL')
    .nullish()
    .transform((v) => v || null),
  referenceLow: Value.nullish().transform((v) => v ?? null),
  referenceHigh: Value.nullish().transform((v) => v ?? null),
  /** The high end is the first value outside the range ("below 100"); left out, it is the last inside. */
  referenceHighExclusive: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  referenceText: optionalText(200),
  /** Left out, the flag is computed from the reference range. */
  flag: LabFlagSchema.nullish().transform((v) => v ?? null),
  /**
   * When it was taken: a date and time with its offset, or a date only (`2026-03-15`; `2026-03`,
   * `2026` for a month or a year), which is stored so (below).
   */
  effectiveAt: z
    .string({ error: 'Date is required' })
    .trim()
    .refine(
      (at) => partialDateInstant(at) !== null || z.iso.datetime({ offset: true }).safeParse(at).success,
      'Enter a date such as 2026-03-15, or a date and time with its offset',
    ),
  /**
   * The result is dated only by year, month or day (`effectiveAt` is then the middle of it,
   * units/date-precision.ts): set by a date without a time; else null, `effectiveAt` is the time it was taken.
   */
  effectivePrecision: z
    .enum(DATE_PRECISIONS)
    .nullish()
    .transform((v) => v ?? null),
  documentId: z
    .string()
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  /** Where the test was done. */
  labName: optionalText(200),
  note: optionalText(1000),
};

const oneValue = (r: { value: number | null; valueText: string | null }) =>
  r.value !== null || r.valueText !== null;
const rangeInOrder = (r: { referenceLow: number | null; referenceHigh: number | null }) =>
  r.referenceLow === null || r.referenceHigh === null || r.referenceLow <= r.referenceHigh;

type LabDated = { effectiveAt: string; effectivePrecision: DatePrecision | null };

/** A date without a time is dated by its own precision; a date of a precision is stored at its middle. */
const labDated = ({ effectiveAt, effectivePrecision }: LabDated): LabDated => {
  const { at, precision } = datedAsGiven(effectiveAt, effectivePrecision);
  return { effectiveAt: at, effectivePrecision: precision };
};

/**
 * Not in the future: a time of day by the instant, a date by whether it has begun anywhere (the
 * server checks it against the person's zone, labs.service.ts).
 */
const notInFuture = (r: LabDated) => isDatedBegun(datedAsGiven(r.effectiveAt, r.effectivePrecision));
/** The future check runs beside the other fields' problems, once the date and precision can be read. */
const datedWell = ({ value }: { value: unknown }) => {
  const { effectiveAt: at, effectivePrecision: p } = (value ?? {}) as Record<string, unknown>;
  return (
    typeof at === 'string' &&
    (partialDateInstant(at) !== null || !Number.isNaN(Date.parse(at))) &&
    (p == null || DATE_PRECISIONS.includes(p as DatePrecision))
  );
};

export const LabResultCreateRequest = z
  .strictObject(labResultFields)
  .refine(oneValue, { message: 'Enter a value', path: ['value'] })
  .refine(rangeInOrder, { message: 'The low end must not be above the high end', path: ['referenceLow'] })
  .refine(notInFuture, { message: FUTURE_DATE_MESSAGE, path: ['effectiveAt'], when: datedWell })
  .transform((r) => ({ ...r, ...labDated(r) }));
export type LabResultCreateRequest = z.input<typeof LabResultCreateRequest>;
export type LabResultFields = z.output<typeof LabResultCreateRequest>;

/** An edit sends only the fields it changes; the whole is checked again on the server. */
export const LabResultUpdateRequest = z
  .strictObject(labResultFields)
  .partial()
  .refine((r) => Object.keys(r).length > 0, 'Nothing to change');
export type LabResultUpdateRequest = z.input<typeof LabResultUpdateRequest>;

export const LabResultListQuery = z.object({
  loinc: LoincCode.optional(),
  /** Words of the test name. */
  test: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
export type LabResultListQuery = z.input<typeof LabResultListQuery>;

export const LabResultResponse = z.object({
  id: z.string().uuid(),
  testName: z.string(),
  loinc: z.string(),
  value: z.number().nullable(),
  valueText: z.string().nullable(),
  unit: z.string().nullable(),
  referenceLow: z.number().nullable(),
  referenceHigh: z.number().nullable(),
  referenceHighExclusive: z.boolean(),
  referenceText: z.string().nullable(),
  flag: LabFlagSchema.nullable(),
  effectiveAt: z.string(),
  /** Dated by the record only by year, month or day: shown so, without a time or a time zone. */
  effectivePrecision: z.enum(DATE_PRECISIONS).nullable(),
  source: z.enum(LAB_SOURCES),
  documentId: z.string().uuid().nullable(),
  labName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LabResultResponse = z.infer<typeof LabResultResponse>;

export const LabResultListResponse = z.object({ items: z.array(LabResultResponse) });
export type LabResultListResponse = z.infer<typeof LabResultListResponse>;

/** A test's results oldest first, for its trend chart. */
export const LabTestSeriesResponse = z.object({
  loinc: z.string(),
  testName: z.string(),
  items: z.array(LabResultResponse),
});
export type LabTestSeriesResponse = z.infer<typeof LabTestSeriesResponse>;
