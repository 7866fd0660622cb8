import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Modules the web app reads on its first render (the shell, the layout, the calendar and the
 * dashboard): any value import from a module that builds schemas brings `zod-setup.ts` and zod
 * into each page's first load (package.json `sideEffects`), so these import neither, directly or
 * through the modules they take values from. Type-only imports are erased and do not count.
 */
const ZOD_FREE = [
  'months.ts',
  'analytics-limits.ts',
  'calendar-grid.ts',
  'day-off-types.ts',
  'error-codes.ts',
  'notification-kinds.ts',
  'plan-pricing.ts',
  'plan-violation-codes.ts',
  'product.ts',
  'remote-config.ts',
  'roles.ts',
];

/** The modules a module takes values from: `from 'x'` of every import that is not `import type`. */
function valueImports(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  const imports = source.matchAll(/^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm);
  return [...imports].map((match) => match[1]!);
}

function zodPath(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const target of valueImports(file)) {
    if (target === 'zod' || target.startsWith('zod/') || target === './zod-setup.ts')
      return [file, target];
    if (target.startsWith('./')) {
      const path = zodPath(target.slice(2), seen);
      if (path) return [file, ...path];
    }
  }
  return null;
}

describe('modules of the first render', () => {
  it.each(ZOD_FREE)('%s brings no zod', (file) => {
    expect(zodPath(file)).toBeNull();
  });

  it('are told apart from a module that builds schemas', () => {
    expect(zodPath('roles.ts')).toBeNull();
    expect(zodPath('role-schemas.ts')).toEqual(['role-schemas.ts', 'zod']);
    expect(valueImports('plans.ts')).toContain('./plan-pricing.ts');
  });
});
