// What other features and the app shell may use from sign-in and the account.
export { useRefreshUserOnStart } from './api/get-user';
export { useLogout } from './api/logout';
export { useUpdateUser } from './api/update-user';
export { CountryField } from './components/country-field';
export { getCountries } from './utils/countries';
export { cameFromPath, fromState } from './utils/redirect';
