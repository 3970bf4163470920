import { ucumLabel } from '@healthfolio/core/labs/ucum-labels';

/**
 * What a result without a unit is, from its code's annotation: `{score}` → "a score", `{ratio}` →
 * "a ratio", `[pH]` → "pH", anything else (`1`, none) → "a plain number".
 */
const unitless = (ucum: string) => {
  if (ucum === '[pH]') return 'pH';
  const note = /^\{([^}]+)\}$/.exec(ucum)?.[1]?.replace(/_/g, ' ').toLowerCase();
  return note ? `a ${note}` : 'a plain number';
};

/** A unit as a choice in a list: "mg/dL", or "A score, without a unit". */
export const unitChoiceLabel = (ucum: string) => {
  const label = ucumLabel(ucum);
  if (label) return label;
  // "A score", but "pH" keeps its small p.
  return `${unitless(ucum).replace(/^a /, 'A ')}, without a unit`;
};

/** What a trend's figures are in: "In mg/dL", or "As a score, without a unit". */
export const trendUnitCaption = (ucum: string) => {
  const label = ucumLabel(ucum);
  return label ? `In ${label}` : `As ${unitless(ucum)}, without a unit`;
};
