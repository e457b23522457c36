import { Outlet } from 'react-router';
import { AppFrame } from '../../components/app-frame';
import { RequireUser } from './require-user';
import { TopBar } from './top-bar';

/**
 * Spec section 2, default layout: top navigation bar and (with the workspaces issue) the
 * workspace side navigation.
 */
export function DefaultLayout() {
  return (
    <RequireUser>
      {(user) => (
        <AppFrame header={<TopBar user={user} />}>
          <Outlet />
        </AppFrame>
      )}
    </RequireUser>
  );
}
