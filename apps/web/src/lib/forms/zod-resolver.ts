import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * A Mantine form `validate` function from a contract zod schema (CONVENTIONS section 7): the
 * form checks exactly what the server checks. Issue paths become Mantine field paths
 * (`['address', 'city']` → `address.city`); the first message of a field wins, as in
 * `issuesToFieldErrors` for the server's answer. Issues of the whole object (refinements
 * without a path) are left out: a form shows field errors.
 */
export function zodResolver(schema: z.ZodType): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (field === '' || field in errors) continue;
      errors[field] = issue.message;
    }
    return errors;
  };
}
