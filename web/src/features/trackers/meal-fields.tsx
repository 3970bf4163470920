import { MEAL_TYPES } from '@healthfolio/core/trackers/enums';
import { ImageUp, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { EnumSelect, errorOf, type FieldsProps, NumberField } from './field-helpers';
import { ValueField } from './log-fields';

export function MealFields({ form }: FieldsProps) {
  const { errors } = form.formState;
  return (
    <>
      <EnumSelect form={form} name="mealType" label="Meal type" values={MEAL_TYPES} />
      <ValueField form={form} label="What did you eat?" />
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

/** The photo is kept as its file name only (spec §3); analysing it belongs to a later release. */
function MealPhoto({ form }: FieldsProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const name = useWatch({ control: form.control, name: 'foodPhoto' });
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Invalid file', { description: 'Please select an image file' });
      if (input.current) input.current.value = '';
      return;
    }
    form.setValue('foodPhoto', file.name, { shouldDirty: true });
  };
  const clear = () => {
    form.setValue('foodPhoto', '', { shouldDirty: true });
    if (input.current) input.current.value = '';
  };
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        Food photo (optional)
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a mouse extra; the button below does the same by keyboard */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          choose(e.dataTransfer.files[0]);
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm',
          dragging ? 'border-primary bg-accent/40' : 'border-border',
        )}
      >
        {name ? (
          <div className="flex items-center gap-2">
            <span className="font-medium break-all">{name}</span>
            <Button variant="ghost" size="sm" onClick={clear} aria-label={`Remove photo ${name}`}>
              <X aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <>
            <ImageUp className="size-6 text-muted-foreground" aria-hidden="true" />
            <span className="text-muted-foreground">Drop a photo here, or</span>
          </>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          {name ? 'Choose another photo' : 'Choose a photo'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Photo analysis is not available yet: only the photo's file name is saved with the meal.
      </p>
    </div>
  );
}
