import type { ImportFormat } from './import-parser';

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  'dexcom-clarity': 'Dexcom Clarity CSV export',
  libreview: 'LibreView (FreeStyle Libre) CSV export',
  csv: 'Plain CSV (timestamp, value, unit)',
};
