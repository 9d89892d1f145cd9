// Theme first, so component styles (imported by the routes) can refine it.
import './theme/fonts';
import './theme/tokens.css';
import './theme/base.css';
import './theme/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';

function App() {
  return useRoutes(routes);
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
