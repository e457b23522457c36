import { LoginPage } from '../../features/auth/components/login-page';

/** `/` (spec section 2: login, public). */
export function LoginRoute() {
  return <LoginPage />;
}
