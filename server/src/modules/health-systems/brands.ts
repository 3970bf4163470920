import type { HealthSystemKind } from '@healthfolio/core';
import { ProblemError } from '../../http/problem';
import { normalBase } from './smart-client';

/** One endpoint a User-access Brands bundle lists, with the brand that offers it. */
export interface BrandEndpoint {
  name: string;
  fhirBaseUrl: string;
  brand: string | null;
  brandKey: string | null;
  kind: HealthSystemKind;
}

type Res = Record<string, unknown> & { resourceType?: string; id?: string };
const NOT_A_BUNDLE =
  'This is not a User-access Brands bundle: a FHIR Bundle of Organization and Endpoint resources (JSON).';

/** Insurer brands: the Patient Access category `insurance`, or the organization type `ins` / `pay`. */
const isPayer = (org: Res) =>
  ((org.type as { coding?: { code?: string }[] }[] | undefined) ?? []).some((t) =>
    t.coding?.some((c) => c.code === 'insurance' || c.code === 'ins' || c.code === 'pay'),
  );

/** The portal's own endpoints (the brand's portal extension's `portalEndpoint`), else the brand's. */
const endpointRefs = (org: Res) => {
  const refs = ((org.endpoint as { reference?: string }[] | undefined) ?? []).flatMap((e) =>
    e.reference ? [e.reference] : [],
  );
  for (const ext of (org.extension as {
    extension?: { url?: string; valueReference?: { reference?: string } }[];
  }[]) ?? [])
    for (const sub of ext.extension ?? [])
      if (sub.url === 'portalEndpoint' && sub.valueReference?.reference)
        refs.push(sub.valueReference.reference);
  return [...new Set(refs)];
};

/**
 * The FHIR endpoints of a User-access Brands bundle (SMART App Launch 2.2): each Organization (a
 * brand) names its Endpoints by reference (the entry's fullUrl or `Endpoint/{id}`); an Endpoint's
 * `address` is the FHIR base URL. An endpoint no brand names is listed under its own name. Addresses
 * that are not http(s) are left out.
 */
export const readBrandsBundle = (body: unknown): BrandEndpoint[] => {
  const bundle = body as { resourceType?: string; entry?: { fullUrl?: string; resource?: Res }[] };
  if (bundle?.resourceType !== 'Bundle' || !Array.isArray(bundle.entry))
    throw new ProblemError(400, 'validation_failed', NOT_A_BUNDLE);
  const endpoints = new Map<string, Res>();
  const orgs: Res[] = [];
  for (const e of bundle.entry) {
    const r = e?.resource;
    if (r?.resourceType === 'Endpoint') {
      if (e.fullUrl) endpoints.set(e.fullUrl, r);
      if (r.id) endpoints.set(`Endpoint/${r.id}`, r);
    } else if (r?.resourceType === 'Organization') orgs.push(r);
  }
  if (endpoints.size === 0) throw new ProblemError(400, 'validation_failed', NOT_A_BUNDLE);
  const out = new Map<string, BrandEndpoint>();
  const add = (ep: Res, org: Res | null) => {
    if (typeof ep.address !== 'string' || !/^https?:\/\//i.test(ep.address) || ep.status === 'off') return;
    let base: string;
    try {
      base = normalBase(ep.address);
    } catch {
      return;
    }
    if (out.has(base) && !org) return;
    const brand = typeof org?.name === 'string' ? org.name : null;
    const name = (brand ?? (typeof ep.name === 'string' ? ep.name : base)).slice(0, 200);
    out.set(base, {
      name,
      fhirBaseUrl: base,
      brand,
      brandKey: org ? String(org.id ?? brand) : null,
      kind: org && isPayer(org) ? 'payer' : 'provider',
    });
  };
  for (const org of orgs)
    for (const ref of endpointRefs(org)) {
      const ep = endpoints.get(ref);
      if (ep) add(ep, org);
    }
  for (const ep of new Set(endpoints.values())) add(ep, null);
  return [...out.values()];
};
