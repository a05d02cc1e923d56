import { Outlet } from 'react-router';
import { currentRole, isStaffRole } from '../lib/auth-token';
import { MainLayout } from './main-layout';
import NotFoundPage from './not-found-page';
import { useLoginRedirect } from './require-auth';

/**
 * Guard for `/staff` (issue 10): someone signed out is sent to log in (and back here afterwards); a
 * signed-in parent sees the not-found page in the site's chrome, as for any page that is not theirs. The API refuses them anyway
 * (401/403); this only keeps the staff screens out of their way.
 */
export function RequireStaff() {
  const redirect = useLoginRedirect();
  if (redirect) return redirect;
  if (!isStaffRole(currentRole()))
    return (
      <MainLayout>
        <NotFoundPage />
      </MainLayout>
    );
  return <Outlet />;
}
