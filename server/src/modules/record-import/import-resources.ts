import type { Tx } from '../../db/database';
import type { FileStorage } from '../../storage/file-storage';
import type { ImportPlan } from './import-plan';
import { readRecord } from './receive-record';
import { type Written, writePlan } from './write-plan';

/**
 * The entry point for FHIR resources fetched from elsewhere (a health system's API, issue 36): they
 * are read as a FHIR bundle would be, by the same parser in the same limited child process as an
 * uploaded file (they are just as untrusted), so they land exactly as an import does.
 */
export const planFhirResources = (resources: unknown[]): Promise<ImportPlan> =>
  readRecord(
    Buffer.from(
      JSON.stringify({
        resourceType: 'Bundle',
        type: 'collection',
        entry: resources.map((resource) => ({ resource })),
      }),
    ),
  );

/**
 * Writes a plan for a person in the caller's transaction, each item once, with `sourceName` (the
 * portal's name) as the lab results' lab when they name none and `portal` as their source;
 * `sourceDocumentId` is the vault document that stands for the portal.
 */
export const writeFhirPlan = (
  tx: Tx,
  personId: string,
  plan: ImportPlan,
  opts: { sourceName: string; sourceDocumentId: string | null; storage: FileStorage },
): Promise<Written> => {
  for (const item of plan.items)
    if (item.kind === 'lab')
      item.result = { ...item.result, labName: item.result.labName ?? opts.sourceName };
  return writePlan(tx, personId, plan, opts.sourceDocumentId, opts.storage, 'portal');
};
