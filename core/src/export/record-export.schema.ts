import { z } from 'zod';
import { TRACKER_TITLES, type TrackerKey } from '../trackers/tracker-titles';

/** How long a finished export can be downloaded. */
export const RECORD_EXPORT_HOURS = 24;

export const RECORD_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RecordExportStatus = (typeof RECORD_EXPORT_STATUSES)[number];

export const RecordExportResponse = z.object({
  id: z.string().uuid(),
  status: z.enum(RECORD_EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the download stops working (a done export only). */
  expiresAt: z.string().nullable(),
  /** The file can be downloaded now: done, not expired, not yet deleted. */
  downloadable: z.boolean(),
  fileSize: z.number().int().nullable(),
  resources: z.number().int().nullable(),
});
export type RecordExportResponse = z.infer<typeof RecordExportResponse>;

/** The person's latest export, or null before the first. */
export const LatestRecordExportResponse = z.object({ export: RecordExportResponse.nullable() });
export type LatestRecordExportResponse = z.infer<typeof LatestRecordExportResponse>;

/** Every tracker has a CSV download; blood glucose holds every reading (CGM data too). */
export const CSV_TRACKERS = Object.keys(TRACKER_TITLES) as TrackerKey[];
export const CsvTracker = z.enum(CSV_TRACKERS as [TrackerKey, ...TrackerKey[]], {
  error: 'No such tracker',
});

/** The downloaded files' names. */
export const recordExportFileName = (date: string) => `healthfolio-record-${date}.json`;
export const trackerCsvFileName = (tracker: TrackerKey, date: string) => `healthfolio-${tracker}-${date}.csv`;
