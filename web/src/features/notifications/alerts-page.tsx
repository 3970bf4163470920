// Scaffold: replaced by the screen's real implementation before this lands.
export { NotAvailablePage as AlertsPage } from '@/features/placeholder/not-available-page';
