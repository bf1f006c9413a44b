// The header's bell, for the app shell.
export { bellLabel, NotificationsBell } from './components/notifications-bell';
