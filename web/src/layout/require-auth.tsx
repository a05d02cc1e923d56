import { routes } from '@lc/contract';
import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearToken, getToken, isSignedIn, subscribeToSession } from '../lib/auth-token';

/** What the login page receives in `location.state` when the guard sent the parent there. */
export type LoginRedirectState = { from: { pathname: string; search: string; hash: string } };

/** `/login?redirect=%2Fdashboard%2Fbilling%3Ftab%3D2` for the page the parent asked for. */
export function loginRedirectPath(from: { pathname: string; search: string; hash?: string }): string {
  const target = `${from.pathname}${from.search}${from.hash ?? ''}`;
  return `${routes.login}?redirect=${encodeURIComponent(target)}`;
}

/**
 * spec §2 Guard: a protected route sends the parent to /login when there is no token or its exp claim
 * has passed, remembering where they were going both as `state.from` and as `?redirect=` so the login
 * page can return them there (spec §4: "navigates to the origin page or /dashboard"). The same happens
 * the moment the API refuses the token (api/client.ts ends the session on a 401).
 */
export function RequireAuth() {
  return useLoginRedirect() ?? <Outlet />;
}

/**
 * The redirect to /login (remembering the page) when nobody is signed in, else null. Re-renders when the
 * token changes: a 401 from the API, logout in another tab, or a new login. Used by every route guard.
 */
export function useLoginRedirect() {
  const location = useLocation();
  const token = useSyncExternalStore(subscribeToSession, getToken, () => null);
  if (!token || !isSignedIn()) {
    // An expired token is useless; drop it so every other part of the app agrees the parent is signed out.
    if (getToken() !== null) clearToken();
    const state: LoginRedirectState = { from: location };
    return <Navigate to={loginRedirectPath(location)} replace state={state} />;
  }
  return null;
}
