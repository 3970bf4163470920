import type { LabResultResponse } from '@healthfolio/core';
import type { LabResultRow } from './labs.repository';

export const presentLabResult = (row: LabResultRow): LabResultResponse => ({
  id: row.id,
  testName: row.testName,
  loinc: row.loinc,
  value: row.value,
  valueText: row.valueText,
  unit: row.unit,
  referenceLow: row.referenceLow,
  referenceHigh: row.referenceHigh,
  referenceHighExclusive: row.referenceHighExclusive,
  referenceText: row.referenceText,
  flag: row.flag as LabResultResponse['flag'],
  effectiveAt: row.effectiveAt.toISOString(),
  effectivePrecision: row.effectivePrecision as LabResultResponse['effectivePrecision'],
  source: row.source as LabResultResponse['source'],
  documentId: row.documentId,
  labName: row.labName,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
