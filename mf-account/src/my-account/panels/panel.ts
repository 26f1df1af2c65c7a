import type { AuthUser } from 'shared-events';
import type { OwnRecord } from '../useOwnRecord.ts';

/** The dashboard's sections, in the order of its tabs. */
export const TABS = ['dashboard', 'orders', 'others', 'downloads', 'addresses', 'details'] as const;
export type Tab = (typeof TABS)[number];

/** What the dashboard hands each panel. */
export interface PanelProps {
  user: AuthUser;
  confirmed: boolean;
  own: OwnRecord;
  name: string;
  select(tab: Tab): void;
  logOut(): void;
}
