// Import before src/auth/instance.ts: the page starts with Ann hinted as signed in (localStorage).
import { writeAuthHint } from '../auth/authHint.ts';

export const hintedShopper = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' };

writeAuthHint(hintedShopper);
