import type {
  DatePrecision,
  HealthSummaryKind,
  LabResultCreateRequest,
  NotUnderstood,
  RecordImportFormat,
  RecordImportGroup,
  RecordPerson,
} from '@healthfolio/core';

/** The type the vault stores a record import's file with (its kept copy, record-import.service.ts). */
export const RECORD_FILE_TYPES: Record<RecordImportFormat, string> = {
  'fhir-bundle': 'application/fhir+json',
  'fhir-ndjson': 'application/fhir+ndjson',
  ccda: 'application/xml',
};

/** The trackers an imported observation or statement can become an entry of. */
export type ImportedTracker =
  | 'blood-pressure'
  | 'weight'
  | 'mood-energy'
  | 'pain'
  | 'medication'
  | 'insulin'
  | 'meal'
  | 'journal'
  | 'insulin-settings';

/**
 * A meal's AI estimate and photo as a Healthfolio export wrote them: written as a meal photo analysis
 * of the person's (record-import/write-meals.ts), which the meal then cites.
 */
export interface MealExtras {
  /** How the file names the analysis (its photo's Media id): one analysis for every meal showing it. */
  analysisRef: string;
  photo: { ref: string; base64: string; takenAt: string | null } | null;
  estimate: {
    model: string;
    analyzedAt: string | null;
    fields: ('calories' | 'carbs')[];
    /** What the model said, when the file gives all of it. */
    result: {
      foodItems: string[];
      estimatedCalories: number;
      carbs: number | null;
      nutritionInfo: string;
      mealType: string;
    } | null;
  } | null;
}

/**
 * One thing of the file, ready to store: plain data only (it crosses from the parser's process).
 * `group` is how the preview and the report count it.
 */
export type PlannedItem =
  | {
      kind: 'lab';
      group: 'labResults';
      result: LabResultCreateRequest;
      /** What the result names as its source (`derivedFrom`): one of the file's documents, if so. */
      documentRefs?: string[];
    }
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
      /** An instant, or a wall clock without an offset (`YYYY-MM-DDTHH:MM`) read in the person's zone. */
      occurredAt: string;
      /** The record dated it only by year, month or day (core's date-precision.ts). */
      occurredPrecision?: DatePrecision | null;
      data: Record<string, unknown>;
      notes: string | null;
      /** A meal's AI estimate and photo. */
      meal?: MealExtras;
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
      /** How the file's other resources refer to this document (a bill's receipt). */
      refs: string[];
    }
  | { kind: 'appointment'; group: 'appointments'; appointment: ImportedAppointment }
  | {
      kind: 'dose';
      group: 'medicationDoses';
      /** The schedule's id in the file (kept when the schedule is set up again) and the dose's instant. */
      scheduleId: string;
      dueAt: string;
      status: 'taken' | 'skipped';
    }
  | {
      kind: 'schedule';
      group: 'medications';
      /** The schedule's id in the file: kept, so importing it again finds it. */
      scheduleId: string;
      /** A MedicationScheduleRequest, checked again as it is written. */
      schedule: Record<string, unknown>;
      /** Stopped by the person (not only ended): no dose of it is still to come. */
      stopped: boolean;
    }
  | {
      kind: 'plan';
      group: 'insurancePlans';
      /** How the file's claims refer to this plan (`Coverage/1`, `urn:uuid:…`). */
      refs: string[];
      plan: ImportedPlan;
    }
  | {
      kind: 'claim';
      group: 'claims';
      /** The plans (Coverage) the claim names, the focal one first. */
      coverageRefs: string[];
      /** The amounts' currency as the file gives it, if it does. */
      currency: string | null;
      /** The EOB file attached to the claim: a reference to one of the file's documents. */
      eobDocumentRef?: string | null;
      claim: ImportedClaim;
    }
  | {
      kind: 'bill';
      group: 'bills';
      /** The amounts' currency as the file gives it. */
      currency: string | null;
      /** The receipt: a reference to one of the file's documents. */
      receiptRef: string | null;
      bill: ImportedBill;
    };

/**
 * An appointment at an instant (ISO 8601 in UTC, from a time with an offset) or, when the file gave
 * no offset, at a wall clock (`YYYY-MM-DDTHH:MM`) read in the importing person's zone.
 */
export interface ImportedAppointment {
  provider: string;
  specialty: string | null;
  startsAt: string;
  endsAt: string | null;
  location: string | null;
  telehealthUrl: string | null;
  reason: string | null;
  preparation: string | null;
  status: 'scheduled' | 'cancelled';
}

/** An insurance plan as the insurance module keeps it; money in integer cents. */
export interface ImportedPlan {
  name: string;
  type: 'primary' | 'secondary' | 'dental' | 'vision';
  status: 'active' | 'inactive' | 'pending';
  policyNumber: string;
  groupNumber: string | null;
  memberNumber: string;
  effectiveDate: string;
  deductibleCents: number;
  deductibleMetCents: number;
  outOfPocketMaxCents: number;
  outOfPocketMetCents: number;
  copayPrimaryCents: number;
  copaySpecialistCents: number;
  copayEmergencyCents: number;
  contactPhone: string;
  contactEmail: string | null;
  contactWebsite: string | null;
}

/** A claim with what its explanation of benefit says: billed, allowed, plan paid, you owe (cents). */
export interface ImportedClaim {
  claimNumber: string;
  /** The number is the source's resource id, not the insurer's: matched on, never shown. */
  claimNumberGenerated: boolean;
  provider: string;
  serviceDate: string;
  submittedDate: string;
  status: 'pending' | 'processing' | 'approved' | 'paid' | 'denied';
  amountCents: number;
  allowedCents: number | null;
  coveredCents: number;
  patientResponsibilityCents: number;
  description: string | null;
}

/** A bill as the insurance module keeps it, with its payments; money in integer cents. */
export interface ImportedBill {
  provider: string;
  amountCents: number;
  insuranceCoveredCents: number;
  dueDate: string;
  status: string;
  category: string;
  description: string | null;
  payments: { amountCents: number; paidOn: string; note: string | null }[];
}

export interface SummaryValues {
  kind: HealthSummaryKind;
  codeSystem: string | null;
  code: string | null;
  text: string;
  status: string | null;
  /** A FHIR date or dateTime as the record gave it. */
  onsetAt: string | null;
  recordedAt: string | null;
  /** The further fields in words, by the labels map-summary.ts gives them. */
  details: Record<string, string>;
}

export interface ImportPlan {
  format: RecordImportFormat;
  /** Whose record the file holds: its Patient's name and date of birth. */
  patient: RecordPerson | null;
  items: PlannedItem[];
  notUnderstood: NotUnderstood[];
}

/** Adds one "not understood" of a kind, counting the same reason once. */
export const noteNotUnderstood = (list: NotUnderstood[], what: string, reason: string) => {
  const same = list.find((n) => n.what === what && n.reason === reason);
  if (same) same.count++;
  else list.push({ what, reason, count: 1 });
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters a stored text refuses.
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * The item with every text's invisible control characters taken out (PostgreSQL refuses NUL; the
 * app's forms refuse the rest): what a file's words become before they are stored.
 */
export const withoutControls = <T>(value: T): T => {
  if (typeof value === 'string') return value.replace(CONTROLS, '') as T;
  if (Array.isArray(value)) return value.map(withoutControls) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutControls(v)])) as T;
  return value;
};
