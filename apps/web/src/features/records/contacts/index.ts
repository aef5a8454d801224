export { ContactListPage, contactRoutes } from './routes.tsx';
export { CreateContactDialog } from './components/create-contact-dialog.tsx';
export { ContactPicker, ContactPickerField } from '../records/index.ts';
export { recentContactsQuery, useContactList } from './contacts.api.ts';
export { RecentContactsCard } from './components/recent-contacts-card.tsx';
export { useSavedFilters } from './saved-filters.api.ts';
