import { Outlet } from 'react-router';

/** Spec section 2, blank layout: public pages (login, signup, 404) without navigation. */
export function BlankLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
