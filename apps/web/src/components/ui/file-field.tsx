/**
 * A picture field drawn like the rest of the app (decision 163): a button and a drop area with
 * the chosen file's name. The real file input stays, visually hidden, right before the area:
 * its label names it, the keyboard reaches it (Space or Enter opens the picker), the area shows
 * its focus ring, and a screen reader hears the chosen name as its description.
 */
import { FILE_FIELD } from '@otaku/shared';
import { ImageUp } from 'lucide-react';
import { useRef, useState, type DragEvent, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

export interface FileFieldProps {
  id: string;
  accept: string;
  /** The chosen file, or null once cleared; undefined: none chosen yet. */
  file: File | null | undefined;
  onFile: (file: File | null) => void;
  name?: string;
  disabled?: boolean;
  invalid?: boolean;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
}

export function FileField({
  id,
  accept,
  file,
  onFile,
  name,
  disabled,
  invalid,
  onBlur,
  ref,
  'aria-describedby': describedBy,
}: FileFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const nameId = `${id}-file-name`;
  const setRefs = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <>
      <input
        ref={setRefs}
        id={id}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={[nameId, describedBy].filter(Boolean).join(' ')}
        className="peer sr-only focus-visible:outline-none"
        onBlur={onBlur}
        // The hidden input is a pixel: focusing it scrolls the area it shows as into view.
        onFocus={() => area.current?.scrollIntoView?.({ block: 'nearest' })}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {/* The input above is the control; this area only shows it and takes clicks and drops. */}
      <div
        ref={area}
        className={cn(
          'flex min-w-0 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border-2 border-dashed border-ink-200 bg-white p-3',
          'transition-colors hover:border-sakura-300 hover:bg-sakura-50/50',
          // The input's focus shows on the area, as a field's ring does (Input).
          'peer-focus-visible:border-sakura-500 peer-focus-visible:ring-2 peer-focus-visible:ring-sakura-500',
          'peer-aria-invalid:border-red-400 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          over && 'border-sakura-500 bg-sakura-50',
        )}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <span aria-hidden="true" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <ImageUp className="size-4" /> {FILE_FIELD.choose}
        </span>
        <span aria-hidden="true" className="hidden text-xs text-ink-500 sm:inline">
          {FILE_FIELD.drop}
        </span>
        <span
          id={nameId}
          className={cn(
            'min-w-0 basis-full truncate text-sm',
            file ? 'text-ink-900' : 'text-ink-500',
          )}
        >
          {file?.name ?? FILE_FIELD.none}
        </span>
      </div>
    </>
  );
}
