// The header's bell, for the app shell.
export { bellLabel, NotificationsBell } from './components/notifications-bell';
// Every list of the user's notifications, whatever its length (live events refresh them).
export { allNotificationsKey } from './api/get-notifications';
