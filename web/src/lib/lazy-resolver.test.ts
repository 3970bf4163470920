import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const Person = z.object({
  name: z.string().min(1),
  born: z.string().refine((d) => d <= '2026-01-01', 'Cannot be in the future'),
});
type Values = z.input<typeof Person>;

describe('a form validated by a schema that loads on first use', () => {
  it('checks, and submits, what the form held when the button was pressed, not what was typed during the load', async () => {
    let loaded!: () => void;
    const resolver = lazyZodResolver<Values, Values>(
      () => new Promise((resolve) => (loaded = () => resolve(Person))),
    );
    // react-hook-form passes its live values object and keeps changing it as the person types.
    const live = { name: 'Mia', born: '2027-03-01' };
    const pressed = resolver(live, undefined, { fields: {}, shouldUseNativeValidation: false });
    live.born = '2017-03-01';
    loaded();
    const result = await pressed;
    expect(result.errors).toHaveProperty('born.message', 'Cannot be in the future');
    expect(result.values).toEqual({});
  });

  it('passes valid values through, once loaded as before', async () => {
    const resolver = lazyZodResolver<Values, Values>(async () => Person);
    const opts = { fields: {}, shouldUseNativeValidation: false };
    await resolver({ name: 'Mia', born: '2017-03-01' }, undefined, opts);
    const again = await resolver({ name: 'Mia', born: '2016-01-01' }, undefined, opts);
    expect(again.values).toEqual({ name: 'Mia', born: '2016-01-01' });
  });
});
