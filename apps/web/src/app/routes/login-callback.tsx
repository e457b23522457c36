import { LoginCallbackPage } from '../../features/auth/components/login-callback-page';

/** `/login/callback`: back from the identity provider (public). */
export function LoginCallbackRoute() {
  return <LoginCallbackPage />;
}
