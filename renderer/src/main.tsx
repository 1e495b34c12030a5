import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { subscribeMainEvents } from './app/main-events';
import { connectBridge } from './bridge';
import { createKilnStore } from './store/app-store';
import { KilnStoreProvider } from './store/StoreProvider';
// Inter ships with the app (no CDN); the tokens come before every stylesheet that uses them.
import '@fontsource-variable/inter/wght.css';
import './ui/tokens.css';
import './ui/app.css';

const bridge = connectBridge();
const store = createKilnStore(bridge);
subscribeMainEvents(bridge, store);
void store.getState().init();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KilnStoreProvider store={store}>
      <App />
    </KilnStoreProvider>
  </StrictMode>,
);
