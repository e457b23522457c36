import { useDebouncedValue } from '@mantine/hooks';
import { useServiceNameCheckQuery } from '../api/service-name-queries';

/** How long typing pauses before the name is checked. */
export const NAME_CHECK_DEBOUNCE_MS = 300;

export interface ServiceNameCheckState {
  /** The server's verdict on the name as typed; null while typing or checking. */
  verdict: { valid: boolean; reason?: string | undefined } | null;
  isChecking: boolean;
}

/**
 * The live name check of spec section 5: the typed name is checked once typing pauses, and a
 * verdict counts only for the name currently in the field.
 */
export function useServiceNameCheck(serviceName: string): ServiceNameCheckState {
  const name = serviceName.trim();
  const [debounced] = useDebouncedValue(name, NAME_CHECK_DEBOUNCE_MS);
  const check = useServiceNameCheckQuery(debounced);
  const isCurrent = debounced === name && name !== '';
  return {
    verdict: isCurrent && check.isSuccess ? check.data : null,
    isChecking: name !== '' && (!isCurrent || check.isFetching),
  };
}
