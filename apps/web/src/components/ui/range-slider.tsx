/**
 * A native range input drawn like the rest of the app (index.css `.range-input`): a thin ink
 * track filled in sakura up to the thumb, a white thumb ringed in sakura, and the app's focus
 * ring. Arrow keys, Page Up/Down, Home and End work as on any slider; no slider library loads.
 */
import type { CSSProperties, InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

export interface RangeSliderProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'min' | 'max' | 'value'
> {
  min: number;
  max: number;
  value: number;
  ref?: Ref<HTMLInputElement>;
}

export function RangeSlider({ min, max, value, className, style, ...props }: RangeSliderProps) {
  const fill = max > min ? ((Math.min(Math.max(value, min), max) - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      min={min}
      max={max}
      value={value}
      className={cn('range-input', className)}
      style={{ ...style, '--range-fill': `${fill}%` } as CSSProperties}
      {...props}
    />
  );
}
