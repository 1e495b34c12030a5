import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { subscribeMainEvents } from './app/main-events';
import { connectBridge } from './bridge';
import { createKilnStore } from './store/app-store';
import { KilnStoreProvider } from './store/StoreProvider';
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
