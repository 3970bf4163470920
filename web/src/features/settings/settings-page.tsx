export function SettingsPage() {
  return <div>TODO</div>;
}
