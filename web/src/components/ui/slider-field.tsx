import { useId } from 'react';
import { Label } from './label';

/** A labelled native range input: arrow keys step it, and screen readers hear "3 of 5". */
export function SliderField({
  label,
  value,
  onChange,
  min,
  max,
  lowLabel,
  highLabel,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  lowLabel?: string;
  highLabel?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="text-sm font-semibold tabular-nums">
          {value}/{max}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={`${value} of ${max}`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-2 w-full cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      />
      {(lowLabel || highLabel) && (
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{lowLabel}</span>
          <span>{highLabel}</span>
        </div>
      )}
    </div>
  );
}
