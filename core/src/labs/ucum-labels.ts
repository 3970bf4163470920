/**
 * How a UCUM code is written for people. A code in the table is written as the table says; any other
 * keeps its letters with UCUM's notation turned into print: `mm[Hg]` → `mmHg`, `10*9/L` → `× 10⁹/L`,
 * a micro `u` → `µ`, `kg/m2` → `kg/m²`, `{beats}/min` → `beats/min`. A unit that is only an annotation
 * (`{score}`, `{ratio}`) or dimensionless is written as nothing: the number stands alone.
 */
const LABELS: Record<string, string> = {
  Cel: '°C',
  '[degF]': '°F',
  '[lb_av]': 'lb',
  '[in_i]': 'in',
  'meq/L': 'mEq/L',
  'mL/min/{1.73_m2}': 'mL/min/1.73 m²',
  '[pH]': '',
  '1': '',
};

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const superscript = (digits: string) => [...digits].map((d) => SUPERSCRIPT[Number(d)]).join('');

const printed = (ucum: string) =>
  ucum
    .replace(/^\{[^}]*\}$/, '')
    .replace(/\{([^}]*)\}/g, (_, note: string) => note.replace(/_/g, ' '))
    .replace(/\[([^\]]*)\]/g, '$1')
    .replace(/^10\*(\d+)/, (_, exp: string) => `× 10${superscript(exp)}`)
    .replace(/(^|\/)u(?=g|L|mol|IU)/g, '$1µ')
    .replace(/m2\b/g, 'm²');

export const ucumLabel = (ucum: string) => LABELS[ucum] ?? printed(ucum);
