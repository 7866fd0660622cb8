import { describe, expect, it } from 'vitest';
import {
  RADIUS_SLIDER_STEPS,
  deleteConsequence,
  formatRadius,
  parseCoordinatePair,
  positionOfRadius,
  radiusAtPosition,
} from './branch-helpers.ts';

describe('parseCoordinatePair', () => {
  it('reads «latitude, longitude» as the maps copy it', () => {
    expect(parseCoordinatePair('55.751244, 37.618423')).toEqual([55.751244, 37.618423]);
    expect(parseCoordinatePair(' -33.8688 151.2093 ')).toEqual([-33.8688, 151.2093]);
  });

  it('refuses anything that is not a valid pair', () => {
    expect(parseCoordinatePair('55.751244')).toBeNull();
    expect(parseCoordinatePair('95, 37')).toBeNull();
    expect(parseCoordinatePair('Москва')).toBeNull();
  });
});

describe('deleteConsequence', () => {
  it('archives a branch that employees use', () => {
    const result = deleteConsequence({ title: 'Склад', employeeCount: 3 });
    expect(result.archives).toBe(true);
    expect(result.text).toMatch(/архив/);
  });

  it('deletes an unused branch', () => {
    const result = deleteConsequence({ title: 'Склад', employeeCount: 0 });
    expect(result.archives).toBe(false);
    expect(result.text).toMatch(/будет удалён/);
  });
});

describe('formatRadius', () => {
  it('writes metres with a thin grouping', () => {
    expect(formatRadius(100)).toBe('100 м');
    expect(formatRadius(1500).replace(/\s/g, ' ')).toBe('1 500 м');
  });
});

describe('radius slider scale', () => {
  it('spans 10 to 5000 m', () => {
    expect(radiusAtPosition(0)).toBe(10);
    expect(radiusAtPosition(RADIUS_SLIDER_STEPS)).toBe(5000);
  });

  it('gives back about the same radius from its position', () => {
    for (const radius of [10, 50, 100, 150, 500, 1000, 2500, 5000]) {
      const back = radiusAtPosition(positionOfRadius(radius));
      expect(Math.abs(back - radius) / radius).toBeLessThan(0.05);
    }
  });

  it('puts 100 m well away from the start of the scale', () => {
    expect(positionOfRadius(100) / RADIUS_SLIDER_STEPS).toBeGreaterThan(0.3);
  });
});
