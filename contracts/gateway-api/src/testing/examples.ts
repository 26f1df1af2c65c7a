// The gateway's answers as the back office reads them: the gateway's figures test holds the example to
// what the route really answers; the back office's tests read it through its client.
import type { z } from 'zod';
import type { vitalsFigures } from '../figures.ts';

export const vitalsFiguresExample = {
  since: '2026-11-28T05:00:00.000Z',
  routes: [
    { route: '/', views: 12, lcpP75: 1200, inpP75: 64, interactions: 7 },
    { route: '/shop/:id', views: 3, lcpP75: 1800, inpP75: null, interactions: 0 },
  ],
  interactions: [{ role: 'button', interaction: 'add-to-cart', count: 4, inpP75: 96 }],
} satisfies z.input<typeof vitalsFigures>;
