/** The Dexcom Share account the loopback stub (server/test/dexcom-share-stub.ts) knows, for the devices spec. */
export const DEXCOM_ACCOUNT = { accountName: 'e2e.sensor@example.com', password: 'E2e-Dexcom-Pa55' };
/** The LibreLinkUp follower account the loopback stub (server/test/librelinkup-stub.ts) knows: it follows two people. */
export const LIBRE_ACCOUNT = { email: 'e2e.parent@example.com', password: 'E2e-Libre-Pa55', patients: 2 };
