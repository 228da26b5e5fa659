import { useState } from 'react';

/**
 * A dialog form's values and the server's last refusal of them. Any change to a value clears
 * the refusal: it spoke of what the form held before, and stays only until the next save.
 */
export function useFormValues<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [serverError, setServerError] = useState<string | null>(null);
  const set = (patch: Partial<T>) => {
    setServerError(null);
    setValues((current) => ({ ...current, ...patch }));
  };
  return { values, set, serverError, setServerError };
}
