import type { Ccda } from '@medplum/ccda';
import type { Observation, ObservationReferenceRange, Resource } from '@medplum/fhirtypes';

/**
 * Medplum's converter passes a C-CDA result's reference range on as an empty `{}` (it keeps only a
 * link to the narrative): the range's low and high (IVL_PQ) or its words are read here from the
 * document and given to the observation the converter made of it, found by the id it kept.
 */
type Node = Record<string, unknown>;
type Bound = { '@_value'?: string; '@_unit'?: string } | undefined;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

const quantityOf = (b: Bound) => {
  const value = Number(b?.['@_value']);
  if (!b?.['@_value'] || !Number.isFinite(value)) return undefined;
  const unit = b['@_unit'];
  return unit ? { value, unit, system: 'http://unitsofmeasure.org', code: unit } : { value };
};

const rangeOf = (r: unknown): ObservationReferenceRange | null => {
  const range = isNode(r) && isNode(r.observationRange) ? r.observationRange : null;
  const value = range && isNode(range.value) ? range.value : null;
  const low = quantityOf(value?.low as Bound);
  const high = quantityOf(value?.high as Bound);
  const text = typeof range?.text === 'string' ? range.text.trim() : undefined;
  if (!low && !high && !text) return null;
  return { ...(low ? { low } : {}), ...(high ? { high } : {}), ...(text ? { text } : {}) };
};

/** The converter's id for an element: the root of its first id without an extension. */
const keysOf = (ids: unknown) =>
  (Array.isArray(ids) ? ids : []).flatMap((id) =>
    isNode(id) && typeof id['@_root'] === 'string'
      ? [typeof id['@_extension'] === 'string' ? `${id['@_root']}|${id['@_extension']}` : id['@_root']]
      : [],
  );

/** Every observation of the document that has a reference range, by its ids. */
const rangesIn = (node: unknown, found: Map<string, ObservationReferenceRange[]>) => {
  if (Array.isArray(node)) for (const n of node) rangesIn(n, found);
  if (!isNode(node)) return found;
  if (Array.isArray(node.referenceRange)) {
    const ranges = node.referenceRange.map(rangeOf).filter((r) => r !== null);
    if (ranges.length) for (const key of keysOf(node.id)) found.set(key, ranges);
  }
  for (const [k, v] of Object.entries(node)) if (!k.startsWith('@_')) rangesIn(v, found);
  return found;
};

const observationKeys = (o: Observation) => [
  ...(o.id ? [o.id] : []),
  ...(o.identifier ?? []).map((i) => `${i.system?.replace(/^urn:oid:/, '')}|${i.value}`),
];

/** The resources, each C-CDA result that had a reference range with it again. */
export const withReferenceRanges = (ccda: Ccda, resources: Resource[]): Resource[] => {
  const ranges = rangesIn(ccda, new Map());
  if (!ranges.size) return resources;
  return resources.map((r) => {
    if (r.resourceType !== 'Observation' || r.referenceRange?.some((x) => x.low || x.high || x.text))
      return r;
    const found = observationKeys(r)
      .map((k) => ranges.get(k))
      .find(Boolean);
    return found ? { ...r, referenceRange: found } : r;
  });
};
