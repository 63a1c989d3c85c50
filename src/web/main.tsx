// First: zod must be jitless before any schema is built (see zod-config.ts).
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSharingKey } from './lib/api-key/key-store';
import { applyTheme, themeStore } from './lib/theme/theme-store';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';

applyTheme(themeStore.get());
startSharingKey();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
// In a transition, React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one task as long as the whole first render (Lighthouse's TBT).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
