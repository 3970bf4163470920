// The home's live card bodies, part of the home's own chunk: rendered with the page, not behind a
// lazy boundary (React holds a revealed Suspense boundary back for 300 ms, which had delayed the
// home's largest text by that much).
export { NextAppointmentBody } from '@/features/appointments/next-appointment-card';
export { RecentDocumentsBody } from '@/features/documents/recent-documents-card';
export { ClaimsStatusBody } from '@/features/insurance/claims-status-card';
export { TodayMedicationsBody } from '@/features/medications/today-medications-card';
export { GlucoseAverageBody, PressureTrendBody } from '@/features/trackers/dashboard-cards';
