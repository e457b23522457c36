import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The product name as a home link; the top navigation bar replaces it with the logo. */
export function BrandLink({ to = '/' }: { to?: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={700}
      fz="lg"
      c="var(--mantine-color-text)"
      underline="never"
    >
      Herald Cloud
    </Anchor>
  );
}
