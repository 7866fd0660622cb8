/**
 * A distance as a person reads it: «380 м», «2,4 км», «2 811 км» — never «2810577 м». Rounded:
 * a phone's position is only as exact as its accuracy.
 */
export function formatDistance(meters: number): string {
  const whole = Math.max(0, Math.round(meters));
  if (whole < 1_000) return `${whole} м`;
  const kilometers = whole / 1_000;
  if (kilometers < 10) return `${kilometers.toFixed(1).replace('.', ',').replace(/,0$/, '')} км`;
  return `${Math.round(kilometers).toLocaleString('ru-RU')} км`;
}
