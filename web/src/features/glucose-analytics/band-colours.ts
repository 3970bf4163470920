import type { GlucoseBandId } from '@healthfolio/core/glucose/bands';

/**
 * The colour of each consensus band (index.css holds the values), wherever a band is drawn: the
 * time-in-range bar, the landing page's targets. As background utilities, for markup the page is
 * prerendered with (its CSP admits no style attributes), and as values for charts and styles set by script.
 */
export const GLUCOSE_BAND_BG: Record<GlucoseBandId, string> = {
  very_low: 'bg-band-very-low',
  low: 'bg-band-low',
  in_range: 'bg-band-in-range',
  high: 'bg-band-high',
  very_high: 'bg-band-very-high',
};

export const glucoseBandColour = (band: GlucoseBandId) => `var(--band-${band.replaceAll('_', '-')})`;
