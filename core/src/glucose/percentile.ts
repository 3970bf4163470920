/**
 * Percentile of an ascending-sorted slice by linear interpolation between closest ranks
 * (Hyndman–Fan type 7: the default of R's quantile, numpy and spreadsheet PERCENTILE.INC), so
 * AGP numbers match what clinicians' tools print for the same data.
 *
 * `start`/`end` select a slice of `sorted` without copying it.
 */
export function percentileOfSorted(
  sorted: ArrayLike<number>,
  p: number,
  start = 0,
  end = sorted.length,
): number | null {
  const n = end - start;
  if (n <= 0) return null;
  const h = (n - 1) * (p / 100);
  const lower = Math.floor(h);
  const below = sorted[start + lower] as number;
  const above = sorted[start + Math.min(lower + 1, n - 1)] as number;
  return below + (h - lower) * (above - below);
}
