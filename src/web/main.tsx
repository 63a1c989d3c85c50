import { StrictMode, startTransition } from 'react';
import { applyTheme, themeStore } from './lib/theme/theme-store';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';

applyTheme(themeStore.get());

/** Lets the browser run (paint, input) before the next step: each step is its own task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The start in steps, each its own task, so that no task holds the main thread long (on a phone,
 * Lighthouse's TBT counts what a task takes over 50 ms): evaluating a module graph is one task, so
 * the graph is imported in parts. Each part's chunk is fetched from the start (a modulepreload
 * link, vite.config.ts) and evaluated here in turn: the key store with zod (its quota store imports
 * zod-config.ts first, so zod is jitless before any schema is built); react-query (whose online
 * state follows the browser's from then on, and whose cache is read back from IndexedDB while the
 * rest loads; the first render waits for it); the app (router, shell, floor page); the page being
 * opened and the free data it always asks for (page-loaders.ts; the first render waits for both, so
 * that it draws the page); React DOM's client, the largest module; then React's first render, in
 * a transition, which React slices into tasks of a few ms.
 */
async function start(root: HTMLElement): Promise<void> {
  const { startSharingKey } = await import('./lib/api-key/key-store');
  startSharingKey();
  await nextTask();
  const { followConnection, startQueryClient } = await import('./lib/api/query-client');
  followConnection();
  const { queryClient, restored } = startQueryClient();
  await nextTask();
  const [{ App }, { startLoadingPage }] = await Promise.all([
    import('./app/app'),
    import('./app/page-loaders'),
  ]);
  await nextTask();
  const prefetched = startLoadingPage(window.location.pathname, queryClient);
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  await Promise.all([restored, prefetched]);
  await nextTask();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
void start(root);
