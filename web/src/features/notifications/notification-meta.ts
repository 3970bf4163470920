import type { NotificationPriority, SenderType } from '@healthfolio/core';
import { Bell, HeartHandshake, type LucideIcon, ShieldCheck, Stethoscope, User, UserCog } from 'lucide-react';

/** Spec §2: each sender kind is shown only as a label and an icon. */
export const SENDER_META: Record<SenderType, { label: string; icon: LucideIcon }> = {
  doctor: { label: 'Doctor', icon: Stethoscope },
  caregiver: { label: 'Caregiver', icon: HeartHandshake },
  staff: { label: 'Staff', icon: UserCog },
  system: { label: 'System', icon: Bell },
  user: { label: 'You', icon: User },
  admin: { label: 'Administrator', icon: ShieldCheck },
};

/** Priority as a word (never colour alone) and a badge style. */
export const PRIORITY_META: Record<
  NotificationPriority,
  { label: string; variant: 'outline' | 'secondary' | 'default' | 'destructive' }
> = {
  low: { label: 'Low', variant: 'outline' },
  medium: { label: 'Medium', variant: 'secondary' },
  high: { label: 'High', variant: 'default' },
  urgent: { label: 'Urgent', variant: 'destructive' },
};
