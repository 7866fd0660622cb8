import { describe, expect, it } from 'vitest';
import { geofence, haversineMetres, nearestBranch } from './geo.ts';

const kremlin = { latitude: 55.752, longitude: 37.6175 };

describe('haversineMetres', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineMetres(kremlin, kremlin)).toBe(0);
    const other = { latitude: 55.76, longitude: 37.64 };
    expect(haversineMetres(kremlin, other)).toBeCloseTo(haversineMetres(other, kremlin), 6);
  });

  it('measures known distances', () => {
    // One degree of latitude ≈ 111.2 km; Moscow – Saint Petersburg ≈ 634 km.
    expect(
      haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }),
    ).toBeCloseTo(111_195, -1);
    const spb = { latitude: 59.9386, longitude: 30.3141 };
    expect(haversineMetres(kremlin, spb) / 1000).toBeCloseTo(634, -1);
  });

  it('handles the antimeridian and the poles', () => {
    expect(
      haversineMetres({ latitude: 0, longitude: 179.9999 }, { latitude: 0, longitude: -179.9999 }),
    ).toBeCloseTo(22.2, 0);
    expect(
      haversineMetres({ latitude: 90, longitude: 0 }, { latitude: 90, longitude: 120 }),
    ).toBeCloseTo(0, 3);
  });
});

describe('geofence', () => {
  const branch = { id: 1, radius: 100, ...kremlin };
  // 0.001° of latitude ≈ 111 m.
  const at = (metresNorth: number) => ({
    latitude: kremlin.latitude + metresNorth / 111_195 - 1e-9,
    longitude: kremlin.longitude,
  });

  it('lets in within the radius', () => {
    const result = geofence(branch, at(90), undefined);
    expect(result).toMatchObject({ inside: true, beyond: 0, allowed: 100 });
    expect(result.distance).toBeCloseTo(90, 0);
  });

  it('widens the zone by the accuracy, capped at 100 m', () => {
    expect(geofence(branch, at(150), 60).inside).toBe(true);
    expect(geofence(branch, at(250), 5000)).toMatchObject({ inside: false, allowed: 200 });
    expect(geofence(branch, at(250), 5000).beyond).toBeGreaterThanOrEqual(50);
    expect(geofence(branch, at(250), 5000).beyond).toBeLessThanOrEqual(51);
  });

  it('says how many metres beyond the edge', () => {
    const result = geofence(branch, at(340), 20);
    expect(result.inside).toBe(false);
    expect(result.beyond).toBeGreaterThanOrEqual(220);
    expect(result.beyond).toBeLessThanOrEqual(221);
  });
});

describe('nearestBranch', () => {
  it('picks the branch whose zone is nearest, not merely the nearest point', () => {
    const small = { id: 1, radius: 10, latitude: 55.752, longitude: 37.6175 };
    const large = { id: 2, radius: 1000, latitude: 55.76, longitude: 37.6175 };
    const position = { latitude: 55.754, longitude: 37.6175 };
    expect(nearestBranch([small, large], position, 0)?.branch.id).toBe(2);
    expect(nearestBranch([], position, 0)).toBeUndefined();
  });
});
