import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from '../../features/auth/api/user-query';
import { NotFoundPage } from './not-found';

// The frame (top bar, side navigation) loads only for a signed-in user: visitors get the blank page.
const NotFoundFrame = lazy(() => import('../layouts/not-found-frame'));

/**
 * An unknown route (spec section 2: 404 'This page could not be found' and a link home): inside the
 * dashboard frame for a signed-in, onboarded user, on the blank layout for everyone else.
 */
export function NotFoundRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader label="Loading" />;
  if (user !== null && user.email_verified && user.detailsComplete) {
    return (
      <Suspense fallback={<PageLoader label="Loading" />}>
        <NotFoundFrame user={user} />
      </Suspense>
    );
  }
  return (
    <main>
      <NotFoundPage />
    </main>
  );
}
