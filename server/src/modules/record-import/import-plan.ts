import type {
  HealthSummaryKind,
  LabResultCreateRequest,
  NotUnderstood,
  RecordImportFormat,
  RecordImportGroup,
} from '@healthfolio/core';

/** The trackers an imported observation or statement can become an entry of. */
export type ImportedTracker =
  | 'blood-pressure'
  | 'weight'
  | 'mood-energy'
  | 'pain'
  | 'medication'
  | 'insulin'
  | 'meal'
  | 'journal';

/**
 * One thing of the file, ready to store: plain data only (it crosses from the parser's process).
 * `group` is how the preview and the report count it.
 */
export type PlannedItem =
  | { kind: 'lab'; group: 'labResults'; result: LabResultCreateRequest }
  | {
      kind: 'glucose';
      group: 'glucoseReadings';
      source: string;
      at: string;
      mgdl: number;
      mealContext: string | null;
      notes: string | null;
    }
  | {
      kind: 'entry';
      group: 'vitalSigns' | 'trackerEntries';
      tracker: ImportedTracker;
      occurredAt: string;
      data: Record<string, unknown>;
      notes: string | null;
    }
  | {
      kind: 'summary';
      group: Extract<
        RecordImportGroup,
        'conditions' | 'allergies' | 'immunizations' | 'procedures' | 'medications'
      >;
      item: SummaryValues;
    }
  | {
      kind: 'document';
      group: 'documents';
      title: string;
      category: string;
      date: string;
      description: string | null;
      fileName: string;
      fileType: string;
      base64: string;
    };

export interface SummaryValues {
  kind: HealthSummaryKind;
  codeSystem: string | null;
  code: string | null;
  text: string;
  status: string | null;
  onsetAt: string | null;
  recordedAt: string | null;
  details: Record<string, string>;
}

export interface ImportPlan {
  format: RecordImportFormat;
  items: PlannedItem[];
  notUnderstood: NotUnderstood[];
}

/** Adds one "not understood" of a kind, counting the same reason once. */
export const noteNotUnderstood = (list: NotUnderstood[], what: string, reason: string) => {
  const same = list.find((n) => n.what === what && n.reason === reason);
  if (same) same.count++;
  else list.push({ what, reason, count: 1 });
};
