import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser, useRefreshCurrentUser } from '../../features/auth/api/user-query';
import { EmailVerifiedPage } from '../../features/onboarding/components/email-verified-page';

/** `/login/email-verified[?error=…]`: the verification link's landing. */
export function EmailVerifiedRoute() {
  const [searchParams] = useSearchParams();
  const { user } = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const navigate = useNavigate();

  // With the fresh user, `/` lets the gate pick the next step (or the remembered page).
  const handleContinue = async () => {
    await refreshCurrentUser();
    await navigate('/', { replace: true });
  };

  return (
    <EmailVerifiedPage
      linkError={searchParams.get('error')}
      isLoggedIn={user !== null}
      onContinue={handleContinue}
    />
  );
}
