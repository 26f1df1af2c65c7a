// The sections behind the dashboard's other tabs, in one chunk of their own (AccountDashboard.tsx).
export { AddressesPanel } from './AddressesPanel.tsx';
export { DetailsPanel } from './DetailsPanel.tsx';
export { OrdersPanel } from './OrdersPanel.tsx';
export { OthersPanel } from './OthersPanel.tsx';
