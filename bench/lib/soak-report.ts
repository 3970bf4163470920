/** What the soak's load process (soak-load.ts) is given and reports each minute to bench/soak.bench.ts. */
import type { Uploader } from './seed-scale';

export interface SoakJob {
  url: string;
  minutes: number;
  /** The seeded user with 90 days of CGM readings. */
  main: { cookie: string };
  users: { cookie: string }[];
  uploaders: Pick<Uploader, 'slug' | 'apiSecret'>[];
  followers: number;
}

export const KINDS = ['read', 'stats', 'write', 'ns', 'upload', 'download', 'notify'] as const;
export type Kind = (typeof KINDS)[number];

export interface MinuteReport {
  minute: number;
  kinds: Record<Kind, { requests: number; p99: number; errors: number }>;
  streams: { open: number; events: number; errors: number };
  sockets: { open: number; events: number; errors: number };
  firstErrors: string[];
}
