import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Give the browser a turn (paint, input) before the next piece of work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A page rendered on the server is already readable: it paints first, then the app's code is fetched and
 * evaluated in pieces (React DOM, the router, then the app), each in its own task, and the page hydrates
 * (issue 12: no long task keeps a phone from answering a tap). An empty shell (portal, sign-in) starts at once.
 */
async function start(serverRendered: boolean) {
  if (serverRendered) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await yieldToMain();
    await import('react-dom/client');
    await yieldToMain();
    await import('react-router');
    await yieldToMain();
  }
  const { boot } = await import('./boot');
  if (serverRendered) await yieldToMain();
  boot(root as HTMLElement);
}

void start(root.hasChildNodes());

// The installable app's service worker (issue 25, decision 031): production builds only (never in `vite`
// development or in tests), registered once the page has loaded so it never competes with the first paint.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./features/offline/service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}
