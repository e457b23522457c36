import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';

/** `/reset-password` and `/reset-password?token=…` (public). */
export function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
