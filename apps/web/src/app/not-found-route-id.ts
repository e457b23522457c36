/** Route id of the catch-all 404 (router.tsx); the onboarding gate lets it through. */
export const NOT_FOUND_ROUTE_ID = 'not-found';
