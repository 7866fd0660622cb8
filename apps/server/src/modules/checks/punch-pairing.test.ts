import { describe, expect, it } from 'vitest';
import {
  PUNCH_MAX_OPEN_MS,
  pairPunches,
  punchChanges,
  punchOutcome,
  type Punch,
} from './punch-pairing.ts';

const H = 3_600_000;
const at = (hours: number, branchId = 1): Punch => ({ atMs: hours * H, branchId });

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [
      item,
      ...rest,
    ]),
  );
}

describe('pairPunches', () => {
  it('opens with the first punch and closes with the next', () => {
    expect(pairPunches([at(9), at(13), at(14)])).toEqual([
      { inMs: 9 * H, outMs: 13 * H, branchId: 1, autoClosed: false },
      { inMs: 14 * H, outMs: null, branchId: 1, autoClosed: false },
    ]);
  });

  it('gives the same checks whatever order the punches arrived in', () => {
    const punches = [at(9), at(13), at(14), at(18), at(33)];
    const expected = pairPunches(punches);
    for (const order of permutations(punches)) expect(pairPunches(order)).toEqual(expected);
  });

  it('ignores a repeated read within a minute', () => {
    const checks = pairPunches([at(9), { atMs: 9 * H + 30_000, branchId: 1 }, at(18)]);
    expect(checks).toEqual([{ inMs: 9 * H, outMs: 18 * H, branchId: 1, autoClosed: false }]);
  });

  it('closes a check left open for 16 hours and opens a new one', () => {
    expect(pairPunches([at(9), at(30)])).toEqual([
      { inMs: 9 * H, outMs: 9 * H + PUNCH_MAX_OPEN_MS, branchId: 1, autoClosed: true },
      { inMs: 30 * H, outMs: null, branchId: 1, autoClosed: false },
    ]);
  });

  it('never produces overlapping checks', () => {
    const punches = [at(1), at(2.5), at(2.51), at(20), at(22), at(23), at(50), at(51)];
    const checks = pairPunches(punches);
    for (let i = 1; i < checks.length; i++) {
      expect(checks[i]!.inMs).toBeGreaterThanOrEqual(checks[i - 1]!.outMs!);
    }
  });
});

describe('punchOutcome', () => {
  it('says whether a punch opened or closed a check, or was a repeat', () => {
    const checks = pairPunches([at(9), at(13), { atMs: 13 * H + 10_000, branchId: 1 }]);
    expect(punchOutcome(checks, 9 * H).result).toBe('IN');
    expect(punchOutcome(checks, 13 * H).result).toBe('OUT');
    expect(punchOutcome(checks, 13 * H + 10_000)).toEqual({ result: 'DUPLICATE', check: null });
  });
});

describe('punchChanges', () => {
  it('closes, inserts and removes to match the pairing', () => {
    // Stored: 14:00 open. A late 09:00 arrives, then 13:00.
    const afterNine = pairPunches([at(9), at(14)]);
    expect(
      punchChanges([{ id: 1, inMs: 14 * H, outMs: null, autoClosed: false }], afterNine),
    ).toEqual({ remove: [1], update: [], insert: [afterNine[0]] });
    const afterThirteen = pairPunches([at(9), at(13), at(14)]);
    expect(
      punchChanges([{ id: 2, inMs: 9 * H, outMs: 14 * H, autoClosed: false }], afterThirteen),
    ).toEqual({
      remove: [],
      update: [{ id: 2, outMs: 13 * H, autoClosed: false }],
      insert: [afterThirteen[1]],
    });
  });

  it('keeps a close the server made when the pairing has nothing better', () => {
    const stored = [{ id: 3, inMs: 9 * H, outMs: 19 * H, autoClosed: true }];
    expect(punchChanges(stored, pairPunches([at(9)]))).toEqual({
      remove: [],
      update: [],
      insert: [],
    });
    expect(punchChanges(stored, pairPunches([at(9), at(40)])).update).toEqual([]);
    expect(punchChanges(stored, pairPunches([at(9), at(18)])).update).toEqual([
      { id: 3, outMs: 18 * H, autoClosed: false },
    ]);
  });
});
