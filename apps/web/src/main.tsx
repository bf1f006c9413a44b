import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadHome } from './app/home-route';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function start(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Over the server's prerendered home page, start once the home page's code is here: the first
// paint is then the same page, not a loading placeholder under the visitor's pointer.
if (root.dataset.prerendered === 'home' && location.pathname === '/') void preloadHome().then(() => start(root), () => start(root));
else start(root);
