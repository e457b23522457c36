import { isStaticShellShown } from '../lib/painted-page/handover/static-shell';
import classes from './boot-fallback.module.css';

/**
 * PageLoader (components/page-loader.tsx) for the moment before Mantine has loaded (the router's first load, the
 * root route's chunk): the same centred spinner in plain CSS, or only the spoken status while the page painted from
 * the HTML is shown.
 */
export function BootFallback({ label = 'Loading' }: { label?: string }) {
  const status = <span className={classes.visuallyHidden}>{label}</span>;
  if (isStaticShellShown()) {
    return (
      <div role="status" className={classes.visuallyHidden} data-static-shell-wait>
        {label}
      </div>
    );
  }
  return (
    <div role="status" className={classes.page}>
      <span className={classes.spinner} aria-hidden="true" />
      {status}
    </div>
  );
}
