import type { User } from '@herald/contract/users/user.schema';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FrameSkeleton } from '../../components/skeletons';
import { useCurrentUser } from '../../features/auth/api/user-query';

/**
 * Spec section 6: the default and service layouts render only with a loaded user. The gate
 * already keeps visitors out; this hands the layouts a user they can rely on.
 */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FrameSkeleton />;
  if (!user) return <Navigate to="/" replace />;
  return children(user);
}
