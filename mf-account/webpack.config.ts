// The account remote's build: the remotes' one configuration (tools/webpack/remoteConfig.ts) with what
// this team exposes to the shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../tools/webpack/remoteConfig.ts';

export default remoteConfig({
  name: 'account',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  standalonePort: 3203,
  exposes: {
    './LoginPage': './src/login/LoginPage.tsx',
    './SignUpPage': './src/sign-up/SignUpPage.tsx',
    './MyAccountPage': './src/my-account/MyAccountPage.tsx',
    './UserPage': './src/user/UserPage.tsx',
    './ResetPasswordPage': './src/reset-password/ResetPasswordPage.tsx',
    './AccountMenu': './src/account-menu/AccountMenu.tsx',
    // The signed-in user's ID token for other remotes' service calls (shared-events' IdTokenSource).
    './idToken': './src/auth/idToken.ts',
  },
});
