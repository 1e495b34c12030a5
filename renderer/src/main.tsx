import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App } from './app/App';
import { subscribeMainEvents } from './app/main-events';
import { connectBridge } from './bridge';
import { activateLocale, i18n, initialLocale, localeFor } from './app/i18n';
import { createKilnStore } from './store/app-store';
import { KilnStoreProvider } from './store/StoreProvider';
import { startRendererProbe } from './viewer/scene/renderer-probe';
// Inter ships with the app (no CDN); the tokens come before every stylesheet that uses them.
import '@fontsource-variable/inter/wght.css';
import './ui/tokens.css';
import './ui/app.css';

// Off this thread, while the app starts: the viewer's context settings depend on it.
startRendererProbe();
const bridge = connectBridge();
const store = createKilnStore(bridge);
subscribeMainEvents(bridge, store);
// Asked once: the first paint's language comes from them, and the store keeps them.
const first = { info: bridge['app:info'](undefined), settings: bridge['settings:get'](undefined) };
void store.getState().init(first);

// The first paint waits for the locale the artist works in and its catalogs (small lazy chunks),
// so no other language flashes first: the Language setting, else the OS's languages as the
// desktop app's main process reports them. The browser's guess starts loading at once, beside
// the two answers, which nearly always agree with it.
const guess = initialLocale();
const guessed = activateLocale(guess);
const chosen = Promise.all([first.settings, first.info])
  .then(([settings, info]) => localeFor(settings.language, info.systemLanguages))
  .catch(() => guess);
void Promise.all([chosen, guessed])
  .then(([locale]) => (locale === guess ? undefined : activateLocale(locale)))
  .then(() =>
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
