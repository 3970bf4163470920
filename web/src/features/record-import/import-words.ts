import {
  describeCounts,
  type NotUnderstood,
  RECORD_IMPORT_GROUPS,
  type RecordImportGroup,
  totalOf,
} from '@healthfolio/core/records/record-import.schema';

type Counts = Partial<Record<RecordImportGroup, number>>;

/**
 * What the preview says the file would add: only what is new, so the items already in the record are
 * not counted twice ("51 lab results …; 102 already here" read as 204 items).
 */
export const previewWords = (p: { found: Counts; alreadyHere: Counts }) => {
  const found = totalOf(p.found);
  const here = totalOf(p.alreadyHere);
  if (found === 0) return 'Nothing in this file can be imported.';
  if (here >= found)
    return `Everything in this file is already in your record (${found.toLocaleString('en-US')} ${found === 1 ? 'item' : 'items'}). Nothing to import.`;
  const fresh = Object.fromEntries(
    RECORD_IMPORT_GROUPS.map((g) => [g, Math.max(0, (p.found[g] ?? 0) - (p.alreadyHere[g] ?? 0))]),
  );
  return here === 0
    ? `To add: ${describeCounts(fresh)}.`
    : `To add: ${describeCounts(fresh)}; ${here.toLocaleString('en-US')} already in your record.`;
};

/** One kind of thing not imported, in words: its line, and its reasons under it when it has several. */
export interface NotImportedLine {
  what: string;
  reasons: string[];
}

/**
 * The "Not imported" list with each kind named once, in the order the file first gave each (the
 * server counts each kind and reason apart): "Vital signs (2): Healthfolio does not keep body height
 * yet." when there is one reason, "Measurements (11):" with its reasons and their counts under it when
 * there are several.
 */
export const notImportedLines = (items: NotUnderstood[]): NotImportedLine[] => {
  const groups = new Map<string, { count: number; reasons: Map<string, number> }>();
  for (const n of items) {
    const group = groups.get(n.what) ?? { count: 0, reasons: new Map<string, number>() };
    groups.set(n.what, group);
    group.count += n.count;
    group.reasons.set(n.reason, (group.reasons.get(n.reason) ?? 0) + n.count);
  }
  return [...groups].map(([what, { count, reasons }]) => {
    const heading = `${what} (${count.toLocaleString('en-US')}):`;
    const [only] = reasons.keys();
    if (reasons.size === 1) return { what: `${heading} ${only}`, reasons: [] };
    return {
      what: heading,
      reasons: [...reasons].map(
        ([reason, n]) => `${reason.replace(/\.$/, '')} (${n.toLocaleString('en-US')})`,
      ),
    };
  });
};
