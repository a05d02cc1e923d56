/**
 * `/staff/kiosk` (issue 11): the tablet at the door. A staff member opens it once and sets the tablet up; from
 * then on it runs in kiosk mode with its own revocable kiosk token (kept in this browser, the staff login is
 * signed out), showing only the door: scan a pickup pass (camera) or type its code, see the adult and the
 * children they may bring or take today, then drop off, or pick up with the adult's PIN (or staff confirming
 * the photo). Leaving kiosk mode takes a staff login and stops the tablet's token.
 */
import { Container, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { kioskMe } from '../../api/passes';
import { failedWith } from '../../features/forms/feedback';
import { KioskMode } from '../../features/kiosk/kiosk-mode';
import { KIOSK_TOKEN_KEY } from '../../features/kiosk/kiosk-parts';
import { KioskSetup } from '../../features/kiosk/kiosk-setup';
import { usePageTitle } from '../../layout/use-page-title';

export default function StaffKioskPage() {
  usePageTitle('Door kiosk');
  const [kiosk, setKiosk] = useState<{ id: string; name: string; token: string } | null | 'checking'>(() =>
    localStorage.getItem(KIOSK_TOKEN_KEY) ? 'checking' : null,
  );

  useEffect(() => {
    const token = localStorage.getItem(KIOSK_TOKEN_KEY);
    if (!token) return;
    const controller = new AbortController();
    kioskMe(token)
      .then((me) => setKiosk({ ...me, token }))
      .catch((error) => {
        if (failedWith(error, 401)) {
          localStorage.removeItem(KIOSK_TOKEN_KEY);
          setKiosk(null);
        } else {
          // Offline for a moment: stay in kiosk mode; the next scan will say if something is wrong.
          setKiosk({ id: '', name: 'Door', token });
        }
      });
    return () => controller.abort();
  }, []);

  if (kiosk === 'checking') {
    return (
      <Container size="sm" py="xl">
        <Loader role="status" aria-label="Starting the door kiosk" />
      </Container>
    );
  }
  if (!kiosk) return <KioskSetup onReady={setKiosk} />;
  return <KioskMode kiosk={kiosk} onLeft={() => setKiosk(null)} />;
}
