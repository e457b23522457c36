import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Full-height centred spinner for whole-page waits (user loading, lazy routes). */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
