// Scaffold: replaced by the screen's real implementation before this lands.
export { NotAvailablePage as AppointmentsPage } from '@/features/placeholder/not-available-page';
