import { z } from 'zod';

/** The spec's device groups and the Terra provider codes each stands for. */
export const DEVICE_GROUPS = [
  {
    id: 'fitness',
    name: 'Fitness Trackers',
    description: 'Steps, workouts, heart rate and weight from your fitness tracker or watch.',
    category: 'Fitness',
    status: 'available',
    dataTypes: ['Activity', 'Heart rate', 'Weight'],
    providers: ['FITBIT', 'GARMIN', 'APPLE', 'SAMSUNG'],
  },
  {
    id: 'health',
    name: 'Health Monitors',
    description: 'Scales, blood pressure cuffs and glucose meters.',
    category: 'Health',
    status: 'available',
    dataTypes: ['Weight', 'Blood pressure', 'Blood glucose'],
    providers: ['WITHINGS', 'OMRON', 'IHEALTH'],
  },
  {
    id: 'sleep',
    name: 'Sleep Trackers',
    description: 'Sleep duration and quality from rings, mats and CPAP machines.',
    category: 'Sleep',
    status: 'beta',
    dataTypes: ['Sleep'],
    providers: ['OURA', 'RESMED', 'PHILIPS'],
  },
  {
    id: 'nutrition',
    name: 'Nutrition Apps',
    description: 'Meals and nutrients you log in a nutrition app.',
    category: 'Nutrition',
    status: 'beta',
    dataTypes: ['Nutrition'],
    providers: ['WITHINGS', 'MYFITNESSPAL'],
  },
  {
    id: 'apple-health',
    name: 'Apple Health',
    description: 'What your iPhone and Apple Watch collect in Apple Health.',
    category: 'Platform',
    status: 'available',
    dataTypes: ['Activity', 'Weight', 'Blood pressure', 'Blood glucose'],
    providers: ['APPLE'],
  },
  {
    id: 'google-fit',
    name: 'Google Fit',
    description: 'What your Android phone and watch collect in Google Fit.',
    category: 'Platform',
    status: 'available',
    dataTypes: ['Activity', 'Weight', 'Blood pressure', 'Blood glucose'],
    providers: ['GOOGLEFIT'],
  },
] as const;

export const DeviceProvider = z.object({
  code: z.string(),
  name: z.string(),
  /** False when Terra no longer lists it (shown as unavailable, not hidden). */
  available: z.boolean(),
});

export const DeviceCatalogueItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.enum(['available', 'beta']),
  dataTypes: z.array(z.string()),
  providers: z.array(DeviceProvider),
});
export type DeviceCatalogueItem = z.infer<typeof DeviceCatalogueItem>;

export const DeviceCatalogueResponse = z.object({
  /** False until the operator configures Terra: no device can be connected. */
  terraConfigured: z.boolean(),
  items: z.array(DeviceCatalogueItem),
});
export type DeviceCatalogueResponse = z.infer<typeof DeviceCatalogueResponse>;

export const DeviceConnectionResponse = z.object({
  id: z.string().uuid(),
  provider: z.string(),
  connectedAt: z.string(),
  lastDataAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Readings and entries this device has brought in, by kind. */
  counts: z.object({ glucose: z.number(), weight: z.number(), bloodPressure: z.number() }),
});
export type DeviceConnectionResponse = z.infer<typeof DeviceConnectionResponse>;

export const DeviceConnectionListResponse = z.object({ items: z.array(DeviceConnectionResponse) });
export type DeviceConnectionListResponse = z.infer<typeof DeviceConnectionListResponse>;

export const WidgetSessionRequest = z.strictObject({
  providers: z
    .array(z.string().regex(/^[A-Z0-9_]{2,40}$/, 'Not a provider code'))
    .min(1, 'Choose a device')
    .max(20),
  /** Opened in a popup: the widget returns to an address that tells the page that opened it, then closes. */
  popup: z.boolean().optional(),
});
export type WidgetSessionRequest = z.infer<typeof WidgetSessionRequest>;

export const WidgetSessionResponse = z.object({ sessionId: z.string(), url: z.string() });
export type WidgetSessionResponse = z.infer<typeof WidgetSessionResponse>;
