/**
 * The server's refusal of a dialog form, where it belongs: on the field a 400 names when the form
 * has that field, otherwise on the form as a whole (`root.server`). Like the client's own rules,
 * it speaks of the values it was given, so any change to the form takes it away.
 */
import { useCallback, useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';

export function showServerError<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
  fallback: string,
  /** The form's field for a name the server gives that is not one of `fields`, if any. */
  fieldFor?: (named: string) => FieldPath<T> | undefined,
) {
  const named = error instanceof ApiError ? error.field : undefined;
  const field = fields.find((f) => f === named) ?? (named ? fieldFor?.(named) : undefined);
  form.setError(field ?? 'root.server', { type: 'server', message: errorMessage(error, fallback) });
}

/** Clears the server's refusals, on these fields or on the form, at the form's next change. */
export function useServerErrorsClearOnChange<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly FieldPath<T>[],
) {
  const { watch, clearErrors, getFieldState } = form;
  const clear = useCallback(() => {
    clearErrors('root.server');
    for (const field of fields)
      if (getFieldState(field).error?.type === 'server') clearErrors(field);
  }, [clearErrors, getFieldState, fields]);
  useEffect(() => {
    const subscription = watch((_values, { name }) => name !== undefined && clear());
    return () => subscription.unsubscribe();
  }, [watch, clear]);
  /** For a change the form does not hold (a chosen file). */
  return clear;
}
