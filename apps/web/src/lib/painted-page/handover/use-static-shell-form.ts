import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { takeStaticShellForm } from './static-shell';

/**
 * Takes over the form of the page painted from the HTML (docs/decisions/031): what was typed there goes into this
 * form, the focus moves to the same field, and a submit held before the app started is sent. All of it before the
 * browser paints, so the person sees one form throughout. `fields` are the form's field names, as on its inputs.
 */
export function useStaticShellForm<Field extends string>(
  fields: readonly Field[],
  setValues: (values: Partial<Record<Field, string>>) => void,
): RefObject<HTMLFormElement | null> {
  const formRef = useRef<HTMLFormElement>(null);
  const isSubmitPendingRef = useRef(false);
  const fieldsRef = useRef(fields);
  const setValuesRef = useRef(setValues);

  useLayoutEffect(() => {
    const painted = takeStaticShellForm();
    if (painted === null) return;
    const values: Partial<Record<Field, string>> = {};
    for (const field of fieldsRef.current) {
      const value = painted.values[field];
      if (value !== undefined && value !== '') values[field] = value;
    }
    if (Object.keys(values).length > 0) setValuesRef.current(values);
    if (painted.focused !== null) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${painted.focused}"]`)?.focus();
    }
    isSubmitPendingRef.current = painted.isSubmitted;
  }, []);

  // After the first commit, its event handlers attached. The form reads its values from a ref that setValues has
  // already updated (@mantine/form), so the submit sends what was typed.
  useEffect(() => {
    if (!isSubmitPendingRef.current) return;
    isSubmitPendingRef.current = false;
    formRef.current?.requestSubmit();
  }, []);

  return formRef;
}
