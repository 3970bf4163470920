// Scaffold: replaced by the compact alerts view (tabs All, Notes, Actions, Reminders) before this lands.
export function AlertsView() {
  return null;
}
