import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@herald/contract/constants';

/**
 * The toast stack (spec sections 2 and 9: top right, 8000 ms). Loaded after the first render
 * to keep it out of the entry chunk; toasts raised earlier wait in Mantine's store and show
 * as soon as it mounts.
 */
export function ToastContainer() {
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} />;
}

export default ToastContainer;
