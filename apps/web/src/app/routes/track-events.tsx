import { trackEventRequestSchema } from '@herald/contract/users/consent.schema';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { loadApi } from '../../lib/api/load-api';

/** Where to go after tracking: a same-site path only (never `//host` or an absolute URL). */
export function safeRedirectTarget(to: string | null): string {
  return to !== null && to.startsWith('/') && !to.startsWith('//') && !to.includes('\\') ? to : '/';
}

/**
 * `/track/events?name=<event>&to=<path>` (spec: "/track/events — event tracking (public)"): posts
 * the event (the server records it only for a signed-in user who consented), then moves on to
 * `to`. A failed or malformed event never holds the visitor up.
 */
export function TrackEventsRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const name = searchParams.get('name');
  const to = safeRedirectTarget(searchParams.get('to'));

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const track = async () => {
      const body = trackEventRequestSchema.safeParse({ name });
      if (!body.success) return;
      const { apiRequest, routes } = await loadApi();
      await apiRequest(routes.trackEvent, { body: body.data });
    };
    void track()
      .catch(() => undefined)
      .finally(() => void navigate(to, { replace: true }));
  }, [name, to, navigate]);

  return <PageLoader label="Redirecting…" />;
}
