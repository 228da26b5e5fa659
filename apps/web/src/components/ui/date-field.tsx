/**
 * A date as the dashboard writes dates: dd-mm-yyyy, in a text field with that format shown as
 * its placeholder and hint, whatever the browser's locale (a native date input shows
 * mm/dd/yyyy in en-US). The value it reports is what the API takes: yyyy-mm-dd (decision 163).
 * Its time beside it, where one is asked (a drop's sale start): hh:mm, 24-hour (decision 171).
 */
import {
  DATE_FIELD,
  dateFieldText,
  dateFieldValue,
  TIME_FIELD,
  timeFieldValue,
} from '@otaku/shared';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { FieldHint, Input, type InputProps } from './input';

export interface DateFieldProps extends Omit<
  InputProps,
  'type' | 'value' | 'defaultValue' | 'onChange'
> {
  id: string;
  /** yyyy-mm-dd (hh:mm for a time), '' or whatever was typed that is none. */
  value: string;
  onChange: (value: string) => void;
}

interface Format {
  /** The text shown for a value. */
  text: (value: string) => string;
  /** The value reported for a text typed. */
  value: (text: string) => string;
  placeholder: string;
  hint: string;
  /** A phone's keyboard: digits for a date; a time wants its colon too. */
  inputMode: 'numeric' | 'text';
}

const DATE: Format = {
  text: dateFieldText,
  value: dateFieldValue,
  inputMode: 'numeric',
  ...DATE_FIELD,
};
const TIME: Format = {
  text: (value) => value,
  value: timeFieldValue,
  inputMode: 'text',
  ...TIME_FIELD,
};

/** A text field that shows its value in one format and reports it in another. */
function FormattedField({
  format,
  id,
  value,
  onChange,
  className,
  ...props
}: DateFieldProps & { format: Format }) {
  const [text, setText] = useState(() => format.text(value));
  // A value set from outside (a form reset) shows; the one this field reported keeps the text.
  if (format.value(text) !== value.trim()) setText(format.text(value));
  const hintId = `${id}-format`;
  const describedBy = [hintId, props['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Input
        {...props}
        id={id}
        type="text"
        inputMode={format.inputMode}
        autoComplete="off"
        placeholder={format.placeholder}
        maxLength={30}
        value={text}
        aria-describedby={describedBy}
        onChange={(e) => {
          setText(e.target.value);
          onChange(format.value(e.target.value));
        }}
      />
      <FieldHint id={hintId}>{format.hint}</FieldHint>
    </div>
  );
}

export function DateField(props: DateFieldProps) {
  return <FormattedField format={DATE} {...props} />;
}

export function TimeField(props: DateFieldProps) {
  return <FormattedField format={TIME} {...props} />;
}
