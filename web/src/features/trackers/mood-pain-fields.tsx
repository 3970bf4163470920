import {
  ACTIVITIES,
  ACTIVITY_LIMITATIONS,
  DIETARY_CONTEXTS,
  MOOD_TRIGGERS,
  PAIN_DURATIONS,
  PAIN_LOCATIONS,
  PAIN_TRIGGERS,
  PAIN_TYPES,
  RELIEF_METHODS,
  SOCIAL_CONTEXTS,
} from '@healthfolio/core/trackers/enums';
import { Controller } from 'react-hook-form';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { SliderField } from '@/components/ui/slider-field';
import { EnumSelect, type FieldsProps, options } from './field-helpers';
import { ValueField } from './log-fields';

const SCALES = [
  { name: 'mood', label: 'Mood', low: 'Very low', high: 'Excellent' },
  { name: 'energy', label: 'Energy', low: 'Exhausted', high: 'Energized' },
  { name: 'stress', label: 'Stress', low: 'Calm', high: 'Very stressed' },
  { name: 'sleepQuality', label: 'Sleep quality', low: 'Poor', high: 'Great' },
] as const;

export function MoodFields({ form }: FieldsProps) {
  return (
    <>
      {SCALES.map((s) => (
        <Controller
          key={s.name}
          control={form.control}
          name={s.name}
          render={({ field }) => (
            <SliderField
              label={s.label}
              min={1}
              max={5}
              value={field.value}
              onChange={field.onChange}
              lowLabel={s.low}
              highLabel={s.high}
            />
          )}
        />
      ))}
      <EnumSelect form={form} name="activity" label="Activity" values={ACTIVITIES} />
      <EnumSelect form={form} name="dietaryContext" label="Dietary context" values={DIETARY_CONTEXTS} />
      <EnumSelect form={form} name="socialContext" label="Social context" values={SOCIAL_CONTEXTS} />
      <Controller
        control={form.control}
        name="moodTriggers"
        render={({ field }) => (
          <CheckboxGroup
            legend="Mood triggers"
            name="moodTriggers"
            options={options(MOOD_TRIGGERS)}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </>
  );
}

export function PainFields({ form }: FieldsProps) {
  return (
    <>
      <Controller
        control={form.control}
        name="painIntensity"
        render={({ field }) => (
          <SliderField
            label="Pain intensity"
            min={1}
            max={10}
            value={field.value}
            onChange={field.onChange}
            lowLabel="Mild"
            highLabel="Worst"
          />
        )}
      />
      <EnumSelect form={form} name="painLocation" label="Location" values={PAIN_LOCATIONS} />
      <EnumSelect form={form} name="painType" label="Type of pain" values={PAIN_TYPES} />
      <EnumSelect form={form} name="painDuration" label="Duration" values={PAIN_DURATIONS} />
      <EnumSelect
        form={form}
        name="activityLimitation"
        label="Activity limitation"
        values={ACTIVITY_LIMITATIONS}
      />
      {(['painTriggers', 'reliefMethods'] as const).map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <CheckboxGroup
              legend={name === 'painTriggers' ? 'Pain triggers' : 'Relief methods'}
              name={name}
              options={options(name === 'painTriggers' ? PAIN_TRIGGERS : RELIEF_METHODS)}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      ))}
      <ValueField form={form} label="Description" />
    </>
  );
}
