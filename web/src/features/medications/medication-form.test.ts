import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { formMessage, initialValues, type MedicationValues, medicationResolver } from './medication-form';

const REQUIRED = 'Please fill in medication name, dosage, and at least one daily time';

/** The form as the dialog runs it (react-hook-form's own control), without a page around it. */
const openForm = () => {
  const form = createFormControl<MedicationValues, unknown, unknown>({
    resolver: medicationResolver as never,
    defaultValues: initialValues('Europe/Berlin'),
  });
  const fields = ['medicationName', 'dosage', 'dailyTimes'] as const;
  const registered = Object.fromEntries(fields.map((f) => [f, form.register(f)])) as Record<
    (typeof fields)[number],
    ReturnType<typeof form.register>
  >;
  /** What a person does in a field: its change event, as the input sends it. */
  const type = async (name: (typeof fields)[number], value: unknown) => {
    await registered[name].onChange({ target: { name, value }, type: 'change' });
  };
  const submit = () => form.handleSubmit(() => {})();
  return { form, type, submit, message: () => formMessage(form.control._formState.errors) };
};

describe('the Add Medication form’s message about missing fields', () => {
  it('shows after saving with fields missing, and goes once they are all filled in', async () => {
    const f = openForm();
    await f.submit();
    expect(f.message()).toBe(REQUIRED);
    await f.type('medicationName', 'Metformin');
    await f.type('dosage', '500 mg');
    // A time is still missing: the message stays.
    expect(f.message()).toBe(REQUIRED);
    await f.type('dailyTimes', ['08:00']);
    expect(f.message()).toBeUndefined();
  });

  it('comes back when a filled field is emptied again', async () => {
    const f = openForm();
    await f.type('medicationName', 'Metformin');
    await f.type('dosage', '500 mg');
    await f.type('dailyTimes', ['08:00']);
    await f.submit();
    expect(f.message()).toBeUndefined();
    await f.type('dosage', '');
    expect(f.message()).toBe(REQUIRED);
  });
});
