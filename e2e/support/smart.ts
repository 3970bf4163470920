/** The patient portal on loopback (server/test/smart-fhir-server.ts) global setup starts for the main app. */
export const SMART_PORTAL_NAME = 'Riverside Health';
/** The client id the portal registered this Healthfolio under (a public client). */
export const SMART_CLIENT_ID = 'healthfolio-e2e';

/** The portal's FHIR base URL (set by global setup). */
export const smartFhirUrl = () => {
  const url = process.env.E2E_SMART_FHIR_URL;
  if (!url) throw new Error('E2E_SMART_FHIR_URL is not set: run the specs through playwright (global setup)');
  return url;
};

/** A new lab result appears at the portal (its test hook), as if the lab had just reported it. */
export const addPortalLabResult = async (lab: {
  loinc: string;
  name: string;
  value: number;
  unit: string;
}) => {
  const res = await fetch(new URL('/_test/lab-results', smartFhirUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(lab),
  });
  if (res.status !== 201) throw new Error(`The portal did not add the result: ${res.status}`);
};
