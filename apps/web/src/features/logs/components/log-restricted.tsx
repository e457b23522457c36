import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A member without the right to read a log (contract logs/log-access.ts) is told why, and where they can look
 * instead, rather than meeting the server's 403.
 */
export function LogRestricted({ serviceId }: { serviceId: string }) {
  return (
    <Alert color="gray" variant="light" title="Only Owners and Admins can read this log">
      <Text size="sm">
        It names the clients that connect to the service and what was refused. The{' '}
        <Anchor component={Link} to={`/service/${encodeURIComponent(serviceId)}/logs/events`}>
          event log
        </Anchor>{' '}
        is open to every member.
      </Text>
    </Alert>
  );
}
