// Public surface of the portal feature for other features: the record's portal card and daily-log tab.
export { PortalAccessCard } from './components/portal-access-card';
export { DailyLogTab } from './components/daily-log-tab';
