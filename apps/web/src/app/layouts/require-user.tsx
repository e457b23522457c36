import type { User } from '@herald/contract/users/user.schema';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from '../../features/auth/api/user-query';

/**
 * Spec section 6: the default and service layouts render only with a loaded user. The gate
 * already keeps visitors out; this hands the layouts a user they can rely on.
 */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader label="Loading your account" />;
  if (!user) return <Navigate to="/" replace />;
  return children(user);
}
