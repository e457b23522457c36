import { Outlet } from 'react-router';
import { AppFrame } from '../../components/app-frame';
import { RequireUser } from './require-user';
import { TopBar } from './top-bar';

/** Spec section 2, service layout: top navigation bar + (with the services issue) service navigation. */
export function ServiceLayout() {
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
