import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { language } from 'shared-events';
import AdminApp from '../AdminApp.tsx';

// The team's harness: the back office without the shell (npm start -w mf-admin, against the
// services of a running stack). Firebase keeps a sign-in per origin and this harness has no login
// page, so it shows the signed-out screen unless this origin has signed in before; staff screens
// are worked on through the shop itself (http://localhost:3000/admin) until the harness gets one.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: 12, borderBottom: '1px solid #ddd', fontFamily: 'system-ui' }}>
      <strong>mf-admin (standalone)</strong>
      <Link to="/admin/orders">/admin/orders</Link>
      <button type="button" onClick={() => language.set(language.current === 'en' ? 'ru' : 'en')}>
        EN/RU
      </button>
    </header>
    <main style={{ padding: 16 }}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<Navigate to="/admin/orders" replace />} />
      </Routes>
    </main>
  </BrowserRouter>,
);
