import type { AuditResourceType } from '@healthfolio/core/audit/audit.schema';
import { TRACKER_TITLES } from '@healthfolio/core/trackers/tracker-titles';

/** Parts of the app as the Analytics tab names them ("Feature use"), one for every kind of audited record. */
const FEATURES: Record<AuditResourceType, string> = {
  user: 'Accounts',
  session: 'Sign-ins and sessions',
  admin: 'Admin console',
  passkey: 'Passkeys',
  entry: 'Tracker entries',
  glucose_reading: 'Glucose readings',
  notification: 'Notifications and reminders',
  appointment: 'Appointments',
  lab_result: 'Lab results',
  medication: 'Medication schedules',
  medication_dose: 'Medication doses',
  custom_food: 'Own foods',
  calendar_feed: 'Calendar links',
  profile: 'Profiles',
  hypo_follow_up: 'Low-glucose follow-ups',
  hypo_settings: 'Low-glucose follow-up settings',
  glucose_alarm: 'Glucose alarms',
  glucose_alarm_settings: 'Glucose alarm settings',
  insurance_plan: 'Insurance plans',
  insurance_claim: 'Insurance claims',
  bill: 'Bills',
  bill_payment: 'Bill payments',
  insurance_settings: 'Insurance settings',
  shared_access: 'Sharing with caregivers',
  document: 'Documents',
  platform_setting: 'Platform settings',
  message: 'Messages from admins',
  email: 'Emails from admins',
  audit_log: 'Audit log',
  ns_upload_credential: 'Nightscout uploads',
  ns_follower_token: 'Nightscout follower apps',
  household_follower_token: 'Household follower apps',
  ns_devicestatus: 'Nightscout device status',
  ns_profile: 'Nightscout profiles',
  glucose_targets: 'Glucose targets',
  nightscout_source: 'Nightscout sites',
  vendor_pull_source: 'Dexcom Share and LibreLinkUp',
  device_connection: 'Wearables and devices',
  backup: 'Backups',
  visit_packet: 'Visit packets',
  push_subscription: 'Alerts on devices',
  person: 'Households',
  guardianship: 'Guardians',
  household_invitation: 'Household invitations',
  record_export: 'Record exports',
  health_system: 'Health systems',
  health_system_connection: 'Health system connections',
};

export const featureLabel = (feature: string) =>
  FEATURES[feature as AuditResourceType] ?? 'Other parts of the app';

/** A tracker's title; glucose readings also say where they came from. */
export const trackerLabel = ({ tracker, source }: { tracker: string; source?: 'sensor' | 'import' }) => {
  const title = TRACKER_TITLES[tracker as keyof typeof TRACKER_TITLES] ?? 'Another tracker';
  if (source === 'sensor') return `${title} from a sensor`;
  if (source === 'import') return `${title}, imported`;
  return title;
};

const DEVICES: Record<string, string> = {
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  unknown: 'Not known',
};

export const deviceLabel = (kind: string) => DEVICES[kind] ?? 'Not known';
