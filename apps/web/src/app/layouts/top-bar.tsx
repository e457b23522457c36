import { Group } from '@mantine/core';
import type { User } from '@herald/contract/users/user.schema';
import { BrandLink } from '../../components/brand-link';
import { AccountMenu } from '../../features/auth/components/account-menu';

/**
 * The top navigation bar (spec section 2), minimal for now: the brand links to the workspace and
 * the avatar holds the account menu. Breadcrumbs and notifications join it with their issues.
 */
export function TopBar({ user }: { user: User }) {
  return (
    <Group justify="space-between" wrap="nowrap" style={{ flex: 1 }}>
      <BrandLink to="/workspace" />
      <AccountMenu user={user} />
    </Group>
  );
}
