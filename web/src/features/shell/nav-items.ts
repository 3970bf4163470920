import {
  Activity,
  Bell,
  Bot,
  Calculator,
  CalendarDays,
  ChartLine,
  ChartNoAxesCombined,
  ClipboardPlus,
  FileText,
  FlaskConical,
  Hospital,
  House,
  type LucideIcon,
  NotebookPen,
  ScanSearch,
  Share2,
  ShieldCheck,
  Siren,
  Smartphone,
  TestTubeDiagonal,
  Trophy,
  Utensils,
} from 'lucide-react';

export type NavItem = { to: string; label: string; diabetesLabel?: string; icon: LucideIcon };

/** Main tabs on desktop; the mobile bottom bar uses the short labels. */
export const MAIN_TABS: (NavItem & { short: string })[] = [
  { to: '/dashboard', label: 'Home', short: 'Home', icon: House },
  { to: '/dashboard/log-data', label: 'Log Data', short: 'Log', icon: ClipboardPlus },
  { to: '/dashboard/track-data', label: 'Track Data', short: 'Track', icon: ChartLine },
  { to: '/dashboard/achievements', label: 'Achievements', short: 'Goals', icon: Trophy },
];

export const ADMIN_TAB = {
  to: '/dashboard/admin-console',
  label: 'Admin',
  short: 'Admin',
  icon: ShieldCheck,
};

export const SECONDARY_LINKS: NavItem[] = [
  { to: '/dashboard/documents', label: 'Documents', icon: FileText },
  { to: '/dashboard/lab-results', label: 'Lab Results', icon: TestTubeDiagonal },
  { to: '/dashboard/health-summary', label: 'Health Summary', icon: Activity },
  { to: '/dashboard/health-systems', label: 'Health systems', icon: Hospital },
  { to: '/dashboard/appointments', label: 'Appointments', diabetesLabel: 'Endo Visits', icon: CalendarDays },
  { to: '/dashboard/insurance', label: 'Insurance', icon: ShieldCheck },
  { to: '/dashboard/sharing', label: 'Sharing', diabetesLabel: 'Care Team Access', icon: Share2 },
  { to: '/dashboard/devices', label: 'Devices', diabetesLabel: 'CGM & Devices', icon: Smartphone },
  { to: '/dashboard/notifications', label: 'Notifications', diabetesLabel: 'Glucose Alerts', icon: Bell },
  { to: '/dashboard/notes', label: 'Notes', icon: NotebookPen },
  { to: '/dashboard/alerts', label: 'Alerts', icon: Siren },
  { to: '/dashboard/ai-analysis', label: 'AI Health Assistant', diabetesLabel: 'AI Assistant', icon: Bot },
];

export const DIABETES_TOOLS: NavItem[] = [
  { to: '/dashboard/carb-counter', label: 'Carb Counter', icon: Utensils },
  { to: '/dashboard/insulin-calculator', label: 'Insulin Calculator', icon: Calculator },
  { to: '/dashboard/a1c-tracker', label: 'A1C Tracker', icon: FlaskConical },
  { to: '/dashboard/pattern-analysis', label: 'Pattern Analysis', icon: ScanSearch },
  { to: '/dashboard/glucose-trends', label: 'Glucose Trends', icon: ChartLine },
  { to: '/dashboard/detailed-analytics', label: 'Detailed Analytics', icon: ChartNoAxesCombined },
];

export const ADMIN_LINK: NavItem = { to: '/dashboard/admin-console', label: 'Admin Console', icon: Activity };
