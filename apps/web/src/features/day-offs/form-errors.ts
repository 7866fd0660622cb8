/** Server and schema field names of a day-off → the form's fields (both dates are one picker). */
export const DAY_OFF_FIELD_MAP: Record<string, string> = { from: 'period', to: 'period' };

/** The schema's issues as errors under the form's own fields (unknown fields are dropped). */
export function issuesToFields<Name extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fields: readonly Name[],
): { name: Name; errors: string[] }[] {
  const byField = new Map<Name, string[]>();
  for (const issue of issues) {
    const raw = String(issue.path[0] ?? '');
    const name = (DAY_OFF_FIELD_MAP[raw] ?? raw) as Name;
    if (!fields.includes(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
