// What other features may use from contact.
export { SupportContact } from './components/support-contact';
