/**
 * Whole percentages of a total that add up to exactly 100 (largest-remainder method): each part
 * gets its floor, and the points left over go to the largest remainders (ties to the earlier part).
 * All zeros give all zeros.
 */
export function percentagesOf(parts: readonly number[]): number[] {
  const total = parts.reduce((a, b) => a + b, 0);
  if (total <= 0) return parts.map(() => 0);
  // Integer arithmetic: part * 100 / total as quotient and remainder, no float rounding.
  const floors = parts.map((p) => Math.floor((p * 100) / total));
  const remainders = parts.map((p, i) => p * 100 - (floors[i] as number) * total);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = parts
    .map((_, i) => i)
    .sort((a, b) => (remainders[b] as number) - (remainders[a] as number) || a - b);
  for (const i of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    left -= 1;
  }
  return floors;
}
