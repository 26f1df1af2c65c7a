import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { language } from 'shared-events';
import AdminApp from '../AdminApp.tsx';

// The team's harness: the back office without the shell (npm start -w mf-admin, against the
// services of a running stack). Who is signed in is the account remote's, as in the shell: the
// harness registers the running storefront's account remote (its /remotes.json) and shows its
// header menu and login screen, where a user of the running stack granted a role with npm run staff
// signs in. That remote is a production build, which takes the federation runtime from its host
// instead of carrying its own (tools/webpack/remoteConfig.ts): the shell provides it, so here the harness does.
async function registerAccount(): Promise<void> {
  (runtimeCore.Global as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore })._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  const response = await fetch('/remotes.json');
  const { remotes } = (await response.json()) as { remotes?: Record<string, string> };
  if (!remotes?.account) throw new Error('the storefront names no account remote');
  registerRemotes([{ name: 'account', entry: remotes.account }]);
}
const accountRegistered = registerAccount();
// Not a page error: the account's screens say why they are missing (fromAccount).
accountRegistered.catch(() => undefined);

/** An exposed screen of the account remote, or a line saying why it is missing. */
function fromAccount(exposed: string) {
  return lazy(async (): Promise<{ default: ComponentType }> => {
    try {
      await accountRegistered;
      const module = await loadRemote<{ default?: ComponentType }>(`account/${exposed}`);
      if (!module?.default) throw new Error(`account/${exposed} has no default export`);
      return { default: module.default };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { default: () => <span role="alert">{`account/${exposed} did not load: ${why}`}</span> };
    }
  });
}
const AccountMenu = fromAccount('AccountMenu');
const LoginPage = fromAccount('LoginPage');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: 12, borderBottom: '1px solid #ddd', fontFamily: 'system-ui' }}>
      <strong>mf-admin (standalone)</strong>
      <Link to="/admin/orders">/admin/orders</Link>
      <Link to="/admin/products">/admin/products</Link>
      <button type="button" onClick={() => language.set(language.current === 'en' ? 'ru' : 'en')}>
        EN/RU
      </button>
      <span style={{ marginLeft: 'auto' }}>
        <Suspense fallback={null}>
          <AccountMenu />
        </Suspense>
      </span>
    </header>
    <main style={{ padding: 16 }}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Navigate to="/admin/orders" replace />} />
        </Routes>
      </Suspense>
    </main>
  </BrowserRouter>,
);
