import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import LoginPage from '../login/LoginPage.tsx';
import SignUpPage from '../sign-up/SignUpPage.tsx';
import MyAccountPage from '../my-account/MyAccountPage.tsx';
import UserPage from '../user/UserPage.tsx';
import AccountMenu from '../account-menu/AccountMenu.tsx';

// The team's harness: this remote's screens without the shell, for working on them alone.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', gap: 16, padding: 12, borderBottom: '1px solid #ddd' }}>
      <strong>mf-account (standalone)</strong> <AccountMenu />
    </header>
    <main style={{ padding: 16 }}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/sign-up" element={<SignUpPage />} />
        <Route path="/my-account" element={<MyAccountPage />} />
        <Route path="/user" element={<UserPage />} />
      </Routes>
    </main>
  </BrowserRouter>,
);
