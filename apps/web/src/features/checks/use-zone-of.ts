import { useCallback, useMemo } from 'react';
import { useCheckBranches, type CheckBranch } from './api/get-branch-zones.ts';
import { safeZone } from '../../lib/zoned-time.ts';

/**
 * Branches and the zone of a branch's times: its own, else the company's. Stable between
 * renders while the branches do not change.
 */
export function useZoneOf(companyZone: string | undefined) {
  const branches = useCheckBranches();
  const byId = useMemo(
    () => new Map((branches.data ?? []).map((branch) => [branch.id, branch])),
    [branches.data],
  );
  const fallback = safeZone(companyZone);
  const zoneOf = useCallback(
    (branchId: number | null) =>
      safeZone(branchId === null ? fallback : (byId.get(branchId)?.timezone ?? fallback)),
    [byId, fallback],
  );
  const branchTitle = useCallback(
    (branchId: number) => byId.get(branchId)?.title ?? `Филиал №${branchId}`,
    [byId],
  );
  return {
    zoneOf,
    branchTitle,
    branches: branches.data ?? ([] as CheckBranch[]),
    branchesLoading: branches.isPending,
  };
}
