import type { HealthSystemKind } from './health-systems-types';

/** A health system's kind in words (apart from the other words: they bring the record-import schema). */
export const KIND_WORDS: Record<HealthSystemKind, string> = { provider: 'Health system', payer: 'Insurer' };
