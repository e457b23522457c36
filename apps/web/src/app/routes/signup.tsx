import { SignupPage } from '../../features/auth/components/signup-page';

/** `/signup` (public). */
export function SignupRoute() {
  return <SignupPage />;
}
