/** A reading as a vendor gave it: when (epoch ms, UTC), mg/dL, and Nightscout's word for its arrow. */
export interface PulledReading {
  atMs: number;
  mgdl: number;
  trend: string | null;
}

/** What the user gave: the account, its password (opened only for the pull) and, for Dexcom, the region. */
export interface VendorCredentials {
  accountName: string;
  password: string;
  region: string | null;
}

/** A pull's readings, the vendor session to keep (sealed) for the next one, and the account's region. */
export interface PullResult<S> {
  readings: PulledReading[];
  session: S;
  region: string | null;
}
