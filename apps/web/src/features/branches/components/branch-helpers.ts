import { BRANCH_RADIUS_MAX, BRANCH_RADIUS_MIN, type Branch } from '@smena/contract';

const numberFormat = new Intl.NumberFormat('ru-RU');

/** «100 м», «1 500 м». */
export function formatRadius(radius: number): string {
  return `${numberFormat.format(radius)} м`;
}

/**
 * «55.751244, 37.618423» (as Yandex and Google Maps copy a point) → [55.751244, 37.618423].
 * Null when the text is not a pair of valid coordinates.
 */
export function parseCoordinatePair(text: string): [number, number] | null {
  const match = /^\s*(-?\d{1,2}(?:[.,]\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:[.,]\d+)?)\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const latitude = Number(match[1].replace(',', '.'));
  const longitude = Number(match[2].replace(',', '.'));
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return [latitude, longitude];
}

/** Rounds to the 6 decimals (about 10 cm) the form shows. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Branches whose title, address or city contains `search` (case-insensitive). */
export function filterBranches(branches: Branch[], search: string): Branch[] {
  const needle = search.trim().toLocaleLowerCase('ru');
  if (!needle) return branches;
  return branches.filter((branch) =>
    [branch.title, branch.address, branch.cityName ?? ''].some((text) =>
      text.toLocaleLowerCase('ru').includes(needle),
    ),
  );
}

/** What deleting the branch will do, for the confirmation. */
export function deleteConsequence(branch: Pick<Branch, 'title' | 'employeeCount'>): {
  archives: boolean;
  text: string;
} {
  if (branch.employeeCount > 0) {
    return {
      archives: true,
      text: `Филиал «${branch.title}» используют сотрудники, поэтому он будет перенесён в архив: отметиться в нём будет нельзя, но история отметок сохранится. Вернуть его можно в любой момент.`,
    };
  }
  return {
    archives: false,
    text: `Филиал «${branch.title}» будет удалён. Если по нему уже есть отметки, он будет перенесён в архив, чтобы история сохранилась.`,
  };
}

/** The radius slider runs from 0 to this position; metres grow geometrically along it. */
export const RADIUS_SLIDER_STEPS = 1000;
const RADIUS_SCALE_MIN = BRANCH_RADIUS_MIN;
const RADIUS_SCALE_MAX = BRANCH_RADIUS_MAX;
const RADIUS_RATIO = Math.log(RADIUS_SCALE_MAX / RADIUS_SCALE_MIN);

/** Metres at a slider position: a geometric scale gives 50 m and 3 km the same room. */
export function radiusAtPosition(position: number): number {
  const raw = RADIUS_SCALE_MIN * Math.exp((position / RADIUS_SLIDER_STEPS) * RADIUS_RATIO);
  const step = raw < 100 ? 5 : raw < 1000 ? 10 : 50;
  return Math.min(RADIUS_SCALE_MAX, Math.max(RADIUS_SCALE_MIN, Math.round(raw / step) * step));
}

/** The slider position of a radius in metres. */
export function positionOfRadius(radius: number): number {
  const clamped = Math.min(RADIUS_SCALE_MAX, Math.max(RADIUS_SCALE_MIN, radius));
  return Math.round((Math.log(clamped / RADIUS_SCALE_MIN) / RADIUS_RATIO) * RADIUS_SLIDER_STEPS);
}
