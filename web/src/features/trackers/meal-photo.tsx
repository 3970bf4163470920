import { mealAnalysisSummary, MEAL_PHOTO_TEXTS as T } from '@healthfolio/core/ai/texts';
import { Camera, ImageUp, Sparkles, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useServices } from '@/lib/use-services';
import { cn } from '@/lib/utils';
import type { FieldsProps } from './field-helpers';
import { analyzeMealPhoto, PHOTO_ATTACH_TEXTS as P } from './meal-photo-api';

type Status = 'idle' | 'analyzing' | 'done' | 'failed';

/**
 * The meal photo (spec §4): chosen by picker, dropped, or taken with the phone's camera; analysed by
 * the server's vision model, whose estimate fills the form (still editable) and the notes.
 */
export function MealPhoto({ form }: FieldsProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const isMobile = useIsMobile();
  const services = useServices();
  const vision = services.data?.aiVision;
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const name = useWatch({ control: form.control, name: 'foodPhoto' });
  const { isSubmitting } = useFormState({ control: form.control });

  const resetInputs = () => {
    if (picker.current) picker.current.value = '';
    if (camera.current) camera.current.value = '';
  };
  /** The photo and the analysis (or stored copy) the meal cites change together. */
  const setPhoto = (f: File | null) => {
    form.setValue('photoFile', f);
    form.setValue('photoBusy', false); // an analysis still running is for the old photo
    form.setValue('foodPhoto', f?.name ?? '', { shouldDirty: true });
    form.setValue('aiAnalysisId', '', { shouldDirty: true });
    setStatus('idle');
  };
  const choose = (f: File | undefined, captured = false) => {
    if (!f) return;
    if (!f.type.startsWith('image/')) {
      toast.error(T.invalidFileTitle, { description: T.invalidFileDescription });
      resetInputs();
      return;
    }
    setPhoto(f);
    // Without a vision model the photo is still stored with the meal, on Save (log-dialog.tsx).
    const description = services.data && !vision ? P.savedWithMeal : T.readyDescription;
    toast.success(captured ? T.capturedTitle : T.selectedTitle, { description });
  };
  const remove = () => {
    setPhoto(null);
    resetInputs();
  };
  const analyze = async () => {
    const file = form.getValues('photoFile');
    if (!file) {
      toast.error(T.noPhotoTitle, { description: T.noPhotoDescription });
      return;
    }
    setStatus('analyzing');
    form.setValue('photoBusy', true);
    // A photo picked or removed meanwhile makes this answer stale: it must not fill the form.
    const stale = () => form.getValues('photoFile') !== file;
    let r: Awaited<ReturnType<typeof analyzeMealPhoto>>;
    try {
      r = await analyzeMealPhoto(file);
    } catch {
      if (stale()) return;
      setStatus('failed');
      toast.error(T.failureTitle, { description: T.failureDescription });
      return;
    } finally {
      if (!stale()) form.setValue('photoBusy', false);
    }
    if (stale()) return;
    form.setValue('aiAnalysisId', r.analysisId, { shouldDirty: true });
    if (!r.analyzed) {
      setStatus('idle');
      toast.success(P.attachedTitle, { description: T.notConfigured });
      return;
    }
    const set = (field: 'mealType' | 'calories' | 'carbs' | 'value' | 'notes', v: string) =>
      form.setValue(field, v, { shouldDirty: true, shouldValidate: false });
    set('mealType', r.mealType);
    if (r.estimatedCalories > 0) set('calories', String(r.estimatedCalories));
    if (r.carbs !== null) set('carbs', String(r.carbs));
    if (!form.getValues('value').trim()) set('value', r.foodItems.join(', '));
    const notes = form.getValues('notes').trim();
    set('notes', `${notes ? `${notes}\n` : ''}${T.notesPrefix}${r.analysis}`);
    setStatus('done');
    toast.success(T.successTitle, { description: mealAnalysisSummary(r) });
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        Food photo (optional)
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a mouse extra; the buttons below do the same by keyboard */}
      <div
        data-testid="meal-photo-drop-zone"
        data-dragging={dragging || undefined}
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
            <Button variant="ghost" size="sm" onClick={remove} aria-label={`Remove photo ${name}`}>
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
          ref={picker}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label="Camera photo"
          onChange={(e) => choose(e.target.files?.[0], true)}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" size="sm" onClick={() => picker.current?.click()}>
            {name ? 'Choose another photo' : 'Choose a photo'}
          </Button>
          {isMobile ? (
            <Button variant="outline" size="sm" onClick={() => camera.current?.click()}>
              <Camera aria-hidden="true" />
              Take a photo
            </Button>
          ) : null}
          {vision ? (
            <Button
              size="sm"
              disabled={status === 'analyzing' || isSubmitting}
              onClick={() => void analyze()}
            >
              <Sparkles aria-hidden="true" />
              {status === 'analyzing' ? 'Analyzing...' : 'Analyze photo'}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {services.data && !vision
          ? T.notConfigured
          : status === 'done'
            ? 'Filled in from the photo: an AI estimate. Check and correct the figures before saving.'
            : 'A photo can fill in the meal for you: the analysis is an estimate you can correct.'}
      </p>
    </div>
  );
}
