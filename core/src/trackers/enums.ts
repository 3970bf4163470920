/** Every enumeration of the log dialog (tracking spec §5), word for word. */
export const WEIGHT_CONTEXTS = [
  'morning',
  'evening',
  'post_workout',
  'post_meal',
  'doctor_visit',
  'other',
] as const;
export const GLUCOSE_TIMINGS = ['fasting', 'before_meal', 'after_meal', 'bedtime', 'other'] as const;
export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack', 'other'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/**
 * A meal type in words, the one wording of the app's screens and of the record export (the export
 * writes these as the meal-type codes' display).
 */
export const MEAL_TYPE_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
  other: 'Other',
};

/** The words of a stored meal type; one the app does not know is shown as written. */
export const mealTypeLabel = (type: string): string =>
  MEAL_TYPE_LABELS[type as MealType] ?? type.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
export const ACTIVITIES = [
  'working',
  'exercising',
  'relaxing',
  'socializing',
  'eating',
  'sleeping',
  'commuting',
  'studying',
  'entertainment',
  'household',
  'other',
] as const;
export const DIETARY_CONTEXTS = [
  'healthy_meal',
  'junk_food',
  'high_sugar',
  'balanced_meal',
  'light_snack',
  'heavy_meal',
  'caffeine',
  'alcohol',
  'fasting',
  'other',
] as const;
export const SOCIAL_CONTEXTS = [
  'alone',
  'family',
  'friends',
  'colleagues',
  'partner',
  'strangers',
  'pets',
  'large_group',
  'other',
] as const;
export const MOOD_TRIGGERS = [
  'stressful_event',
  'positive_interaction',
  'lack_of_sleep',
  'good_news',
  'bad_news',
  'physical_discomfort',
  'weather',
  'achievement',
  'conflict',
  'medication',
  'hormonal',
  'financial',
] as const;
export const PAIN_LOCATIONS = [
  'head',
  'neck',
  'shoulders',
  'chest',
  'upper_back',
  'lower_back',
  'arms',
  'hands',
  'abdomen',
  'hips',
  'legs',
  'knees',
  'feet',
  'joints',
  'muscles',
  'other',
] as const;
export const PAIN_TYPES = [
  'sharp',
  'dull',
  'throbbing',
  'burning',
  'cramping',
  'stabbing',
  'shooting',
  'tingling',
  'pressure',
  'stiff',
  'other',
] as const;
export const PAIN_DURATIONS = [
  'minutes',
  '30_minutes',
  '1_hour',
  'few_hours',
  'half_day',
  'all_day',
  '2_days',
  'several_days',
  'week',
  'weeks',
  'chronic',
] as const;
export const ACTIVITY_LIMITATIONS = [
  'none',
  'minimal',
  'moderate',
  'significant',
  'unable',
  'bed_rest',
] as const;
export const PAIN_TRIGGERS = [
  'movement',
  'sitting',
  'standing',
  'walking',
  'lifting',
  'bending',
  'weather',
  'stress',
  'fatigue',
  'sleep',
  'food',
  'unknown',
] as const;
export const RELIEF_METHODS = [
  'rest',
  'ice',
  'heat',
  'medication',
  'stretching',
  'massage',
  'exercise',
  'meditation',
  'distraction',
  'position_change',
  'therapy',
  'none',
] as const;
export const INSULIN_MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
