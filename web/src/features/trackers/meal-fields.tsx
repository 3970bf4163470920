import { MEAL_TYPES, mealTypeLabel } from '@healthfolio/core/trackers/enums';
import { useWhose } from '@/features/household/whose';
import { EnumSelect, errorOf, type FieldsProps, NumberField } from './field-helpers';
import { ValueField } from './log-fields';
import { MealPhoto } from './meal-photo';

export function MealFields({ form }: FieldsProps) {
  const { errors } = form.formState;
  const w = useWhose();
  return (
    <>
      <EnumSelect form={form} name="mealType" label="Meal type" values={MEAL_TYPES} labelOf={mealTypeLabel} />
      <ValueField form={form} label={`What did ${w.you} eat?`} />
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label="Calories (kcal)"
          error={errorOf(errors, 'calories')}
          {...form.register('calories')}
        />
        <NumberField label="Carbs (g)" error={errorOf(errors, 'carbs')} {...form.register('carbs')} />
      </div>
      <MealPhoto form={form} />
    </>
  );
}
