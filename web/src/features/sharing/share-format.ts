import {
  ACCESS_LEVEL_LABELS,
  type AccessLevel,
  SHARE_CATEGORY_LABELS,
  type ShareCategory,
  type ShareStatus,
} from '@healthfolio/core/sharing/share-rules';
import { formatDateTime } from '@/lib/zoned-format';

export const levelLabel = (l: AccessLevel) => ACCESS_LEVEL_LABELS[l];
export const categoryList = (c: readonly ShareCategory[]) =>
  c.map((x) => SHARE_CATEGORY_LABELS[x]).join(', ');

export const STATUS_LABELS: Record<ShareStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** A date and time in the viewer's zone and locale, or the fallback for none. */
export const formatWhen = (iso: string | null, timeZone: string, none = 'Never') =>
  iso ? formatDateTime(iso, timeZone) : none;

export const copyText = async (text: string) => {
  await navigator.clipboard.writeText(text);
};
