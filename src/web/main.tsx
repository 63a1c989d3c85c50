// First: zod must be jitless before any schema is built (see zod-config.ts).
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { App } from './app/app';
import { followConnection } from './lib/api/query-client';
import { startSharingKey } from './lib/api-key/key-store';
import { applyTheme, themeStore } from './lib/theme/theme-store';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';

applyTheme(themeStore.get());
followConnection();
startSharingKey();

/** Lets the browser run (paint, input) before the next step: each step is its own task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The start in three tasks rather than one, so no single task holds the main thread for the whole
 * start (on a phone, Lighthouse's TBT): this module with the app (router, react-query, zod, the
 * shell, the floor page); React DOM's client, the largest module, in a task of its own (its chunk
 * is fetched from the start, a modulepreload link, vite.config.ts); then React's first render, in
 * a transition, which React slices into tasks of a few ms.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
void start(root);
