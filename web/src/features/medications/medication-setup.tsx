// Scaffold: replaced by the Medication Setup tab's real implementation before this lands.
export function MedicationSetup() {
  return null;
}
