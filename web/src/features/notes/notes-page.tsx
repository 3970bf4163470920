// Scaffold: replaced by the screen's real implementation before this lands.
export { NotAvailablePage as NotesPage } from '@/features/placeholder/not-available-page';
