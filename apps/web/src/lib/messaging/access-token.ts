import { loadApi } from '../api/load-api';

/**
 * A fresh access token for the messaging session: GET /v3/user signs a new one on every call (section 7). A 401
 * reloads the page as every other call does (section 4): the session has ended.
 */
export async function fetchAccessToken(): Promise<string | null> {
  const { apiRequest, routes } = await loadApi();
  const user = await apiRequest(routes.getUser, {});
  return user.accessToken ?? null;
}
