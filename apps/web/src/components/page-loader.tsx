import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { isStaticShellShown } from '../lib/painted-page/handover/static-shell';

/**
 * Full-height centred spinner for whole-page waits (user loading, lazy routes). While the page painted from the
 * HTML is still shown, only the spoken status: that page already shows what is coming.
 */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  if (isStaticShellShown()) {
    return (
      <VisuallyHidden role="status" data-static-shell-wait>
        {label}
      </VisuallyHidden>
    );
  }
  return (
    <Center mih="100vh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
