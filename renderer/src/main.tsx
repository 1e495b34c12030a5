import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App } from './app/App';
import { subscribeMainEvents } from './app/main-events';
import { connectBridge } from './bridge';
import { activateLocale, i18n, initialLocale } from './app/i18n';
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

// The first paint waits for the active locale's catalogs (small lazy chunks), so no English
// flashes before the artist's language.
void activateLocale(initialLocale()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <KilnStoreProvider store={store}>
          <App />
        </KilnStoreProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
