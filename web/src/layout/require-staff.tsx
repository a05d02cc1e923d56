import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import {
  clearToken,
  currentRole,
  getToken,
  isSignedIn,
  isStaffRole,
  subscribeToSession,
} from '../lib/auth-token';
import NotFoundPage from '../pages/public/not-found-page';
import { type LoginRedirectState, loginRedirectPath } from './require-auth';

/**
 * Guard for `/staff` (issue 10): someone signed out is sent to log in (and back here afterwards); a
 * signed-in parent sees the not-found page, as for any page that is not theirs. The API refuses them anyway
 * (401/403); this only keeps the staff screens out of their way.
 */
export function RequireStaff() {
  const location = useLocation();
  const token = useSyncExternalStore(subscribeToSession, getToken, () => null);
  if (!token || !isSignedIn()) {
    if (getToken() !== null) clearToken();
    const state: LoginRedirectState = { from: location };
    return <Navigate to={loginRedirectPath(location)} replace state={state} />;
  }
  if (!isStaffRole(currentRole())) return <NotFoundPage />;
  return <Outlet />;
}
