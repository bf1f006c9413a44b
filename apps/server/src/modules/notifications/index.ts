/** What users are told: a notification row and an e-mail unless they opted out. Other modules use only this. */
export { commitWithNotices, type Notice, theirs, writeNotices } from './notices.js';
export { insertNotification } from './notifications.repository.js';
