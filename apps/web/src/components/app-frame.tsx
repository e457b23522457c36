import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import classes from './app-frame.module.css';

export interface AppFrameProps {
  /** The top navigation bar (spec section 2). */
  header: ReactNode;
  /** The side navigation (workspace or service menu); the frame has none without it. */
  navbar?: ReactNode;
  /** Accessible name of the side navigation landmark. */
  navbarLabel?: string;
  children: ReactNode;
}

/**
 * The signed-in page frame shared by the default and service layouts: header, side
 * navigation and main landmarks, with the side navigation behind a burger on small screens.
 */
export function AppFrame({ header, navbar, navbarLabel, children }: AppFrameProps) {
  const [isNavbarOpen, { toggle, close }] = useDisclosure(false);
  const hasNavbar = navbar !== undefined && navbar !== null;
  const burgerRef = useRef<HTMLButtonElement>(null);
  // On a phone the navigation is a drawer over the page: a tapped link (any navigation) closes
  // it, and so does Escape, which hands the focus back to the burger that opened it.
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, close]);
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !isNavbarOpen) return;
    close();
    burgerRef.current?.focus();
  });
  return (
    <AppShell
      header={{ height: 56 }}
      {...(hasNavbar
        ? { navbar: { width: 260, breakpoint: 'sm', collapsed: { mobile: !isNavbarOpen } } }
        : {})}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          {hasNavbar && (
            <Burger
              ref={burgerRef}
              opened={isNavbarOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isNavbarOpen ? 'Close navigation' : 'Open navigation'}
            />
          )}
          {header}
        </Group>
      </AppShell.Header>
      {hasNavbar && (
        <AppShell.Navbar
          p="md"
          aria-label={navbarLabel}
          className={classes.navbar}
          // A closed drawer cannot be reached by Tab or a screen reader (app-frame.module.css, issue 25).
          data-closed={isNavbarOpen ? undefined : true}
        >
          {navbar}
        </AppShell.Navbar>
      )}
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
