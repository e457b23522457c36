import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@herald/contract/constants';

/**
 * Where toasts appear: at the bottom, where the frame has no control (issue 25; the spec's top right put them over
 * the avatar and its account menu, and over page actions such as Leave organisation; docs/decisions/037).
 */
export const TOAST_POSITION = 'bottom-right';

/**
 * The toast stack (spec section 9: 8000 ms). Loaded after the first render
 * to keep it out of the entry chunk; toasts raised earlier wait in Mantine's store and show
 * as soon as it mounts.
 */
export function ToastContainer() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} />;
}

export default ToastContainer;
