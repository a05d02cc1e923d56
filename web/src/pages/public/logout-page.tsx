import { routes } from '@lc/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logOut } from '../../api/auth.ts';

/**
 * spec §2/§4: shows nothing, clears the session and goes to /login (replacing /logout in history). The
 * session also ends on the server (decision 016), so a copied token stops working.
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void logOut();
    navigate(routes.login, { replace: true });
  }, [navigate]);
  return null;
}
