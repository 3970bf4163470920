// Scaffold: replaced by the real card body before this lands.
export function NextAppointmentBody({ empty }: { empty: string }) {
  return <p className="text-muted-foreground text-sm">{empty}</p>;
}
