/** PostgreSQL's unique_violation, seen through Drizzle's wrapper or directly. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    if (!candidate || typeof candidate !== 'object') return false;
    const { code, constraint: name } = candidate as { code?: unknown; constraint?: unknown };
    return code === '23505' && (constraint === undefined || name === constraint);
  });
}

/** PostgreSQL's exclusion_violation (23P01): e.g. two live checks of one employee overlapping. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    if (!candidate || typeof candidate !== 'object') return false;
    const { code, constraint: name } = candidate as { code?: unknown; constraint?: unknown };
    return code === '23P01' && (constraint === undefined || name === constraint);
  });
}
