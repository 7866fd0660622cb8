/** Distances on the Earth for the check-in geofence. Pure. */

export type Position = { latitude: number; longitude: number };

/** The mean radius of the Earth (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;

/** A phone's reported accuracy widens the zone by at most this many metres. */
export const MAX_ACCURACY_ALLOWANCE_M = 100;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance by the haversine formula, in metres (≈0.5 % off the ellipsoid: enough). */
export function haversineMetres(a: Position, b: Position): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type GeofencedBranch = Position & { id: number; radius: number };

export type GeofenceResult<B> = {
  branch: B;
  /** Metres from the branch's point, rounded to 0.1 m. */
  distance: number;
  /** The zone: the branch's radius plus the reported accuracy, at most 100 m of it. */
  allowed: number;
  inside: boolean;
  /** Metres beyond the zone's edge (0 inside), rounded up: what the refusal message says. */
  beyond: number;
};

/** Where the position stands against one branch's zone. */
export function geofence<B extends GeofencedBranch>(
  branch: B,
  position: Position,
  accuracy: number | null | undefined,
): GeofenceResult<B> {
  const distance = haversineMetres(branch, position);
  const allowed = branch.radius + Math.min(Math.max(accuracy ?? 0, 0), MAX_ACCURACY_ALLOWANCE_M);
  const inside = distance <= allowed;
  return {
    branch,
    distance: Math.round(distance * 10) / 10,
    allowed,
    inside,
    beyond: inside ? 0 : Math.ceil(distance - allowed),
  };
}

/** The branch whose zone is nearest (least metres beyond its edge); undefined without branches. */
export function nearestBranch<B extends GeofencedBranch>(
  branches: readonly B[],
  position: Position,
  accuracy: number | null | undefined,
): GeofenceResult<B> | undefined {
  let best: GeofenceResult<B> | undefined;
  for (const branch of branches) {
    const result = geofence(branch, position, accuracy);
    const key = result.inside ? result.distance - result.allowed : result.beyond;
    const bestKey = best ? (best.inside ? best.distance - best.allowed : best.beyond) : Infinity;
    if (key < bestKey) best = result;
  }
  return best;
}
