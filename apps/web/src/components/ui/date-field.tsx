/**
 * A date as the dashboard writes dates: dd-mm-yyyy, in a text field with that format shown as
 * its placeholder and hint, whatever the browser's locale (a native date input shows
 * mm/dd/yyyy in en-US). The value it reports is what the API takes: yyyy-mm-dd (decision 163).
 */
import { DATE_FIELD, dateFieldText, dateFieldValue } from '@otaku/shared';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { FieldHint, Input, type InputProps } from './input';

export interface DateFieldProps extends Omit<
  InputProps,
  'type' | 'value' | 'defaultValue' | 'onChange'
> {
  id: string;
  /** yyyy-mm-dd, '' or whatever was typed that is no date. */
  value: string;
  onChange: (value: string) => void;
}

export function DateField({ id, value, onChange, className, ...props }: DateFieldProps) {
  const [text, setText] = useState(() => dateFieldText(value));
  // A value set from outside (a form reset) shows; the one this field reported keeps the text.
  if (dateFieldValue(text) !== value.trim()) setText(dateFieldText(value));
  const hintId = `${id}-format`;
  const describedBy = [hintId, props['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Input
        {...props}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={DATE_FIELD.placeholder}
        maxLength={30}
        value={text}
        aria-describedby={describedBy}
        onChange={(e) => {
          setText(e.target.value);
          onChange(dateFieldValue(e.target.value));
        }}
      />
      <FieldHint id={hintId}>{DATE_FIELD.hint}</FieldHint>
    </div>
  );
}
