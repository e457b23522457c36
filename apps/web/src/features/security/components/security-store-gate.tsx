import type { SecurityStore } from '@herald/contract/security/security.schema';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/query-states';
import { useSecurity } from '../api/security-queries';
import { SecurityPageSkeleton } from './security-skeletons';

/** Loads the security store, showing the page's shape meanwhile and an inline error with a retry on failure. */
export function SecurityStoreGate({
  serviceId,
  label,
  children,
}: {
  serviceId: string;
  /** What is loading, for people: "the default roles". */
  label: string;
  children: (store: SecurityStore) => ReactNode;
}) {
  const security = useSecurity(serviceId);
  if (security.isPending) return <SecurityPageSkeleton label={`Loading ${label}`} rows={3} />;
  if (security.isError)
    return (
      <LoadFailed
        title={`${label[0]?.toUpperCase()}${label.slice(1)} could not be loaded`}
        error={security.error}
        onRetry={security.refetch}
      />
    );
  return children(security.data);
}
