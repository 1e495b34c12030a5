/**
 * Bundle baseline (B7): the smallest React page that lazy-loads an R3F + drei model viewer,
 * built by Vite the way Kiln is. Its entry chunk is the "minimal React page", its lazy chunk the
 * "minimal R3F + drei viewer".
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

const Viewer = lazy(() => import('./Viewer'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Model</h1>
      <Suspense fallback={<p>Loading the viewer…</p>}>
        <Viewer url="./model.glb" />
      </Suspense>
    </main>
  </StrictMode>,
);
