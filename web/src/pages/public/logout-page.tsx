import { routes } from '@lc/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearToken } from '../../lib/auth-token';

/** spec §2/§4: shows nothing, clears the session and goes to /login (replacing /logout in history). */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    clearToken();
    navigate(routes.login, { replace: true });
  }, [navigate]);
  return null;
}
