import { useState } from 'react';

/** The fields of V that hold text. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

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
  /** A text input's value, error and change handler for one field (spread onto TextInput, Textarea, …). */
  const text = <K extends TextField<V>>(field: K) => ({
    value: values[field] as string,
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field, event.currentTarget.value as V[K]),
  });
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
  };
  return { values, errors, set, text, setErrors, reset };
}
