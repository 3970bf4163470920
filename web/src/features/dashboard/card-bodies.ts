// The home's live card bodies, loaded together in one chunk after the page itself (one request, not
// five, on the route whose first load has a JS and Lighthouse budget).
export { NextAppointmentBody } from '@/features/appointments/next-appointment-card';
export { RecentDocumentsBody } from '@/features/documents/recent-documents-card';
export { ClaimsStatusBody } from '@/features/insurance/claims-status-card';
export { TodayMedicationsBody } from '@/features/medications/today-medications-card';
export { GlucoseAverageBody, PressureTrendBody } from '@/features/trackers/dashboard-cards';
