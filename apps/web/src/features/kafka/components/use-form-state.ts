import { useState } from 'react';

/**
 * A form's values and its errors by field, `form` being the error of the whole form. Changing a field clears its
 * error (and the form's): the person is fixing it.
 */
export function useFormState<V extends object>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V | 'form', string>>>({});
  const set = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
  };
  return { values, errors, set, setErrors, reset };
}
