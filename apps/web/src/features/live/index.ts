// For the app shell: the stream of changes that keeps open pages current.
export { LiveRefresh } from './live-refresh';
