import { describe, expect, it } from 'vitest';
import { parseListState, toApiQuery, toSearchParams } from './list-params.ts';

const TODAY = '2026-05-08';

describe('checks list state', () => {
  it('defaults to today and keeps only what differs in the address', () => {
    const state = parseListState(new URLSearchParams(), TODAY);
    expect(state).toMatchObject({ view: 'period', from: TODAY, to: TODAY, page: 1, limit: 50 });
    expect(toSearchParams(state, TODAY).toString()).toBe('');
    expect(toApiQuery(state)).toMatchObject({
      from: TODAY,
      to: TODAY,
      open: undefined,
      late: undefined,
    });
  });

  it('asks for every open check, whatever its date, on «Сейчас на месте»', () => {
    const state = parseListState(new URLSearchParams('view=open&branchId=3'), TODAY);
    expect(toApiQuery(state)).toEqual({
      page: 1,
      limit: 50,
      branchId: 3,
      departmentId: undefined,
      employeeId: undefined,
      open: 'true',
    });
  });

  it('sends «Только опоздания» for periods up to 93 days only', () => {
    const short = parseListState(
      new URLSearchParams('from=2026-04-01&to=2026-05-08&late=true'),
      TODAY,
    );
    expect(toApiQuery(short).late).toBe('true');
    const long = parseListState(
      new URLSearchParams('from=2026-01-01&to=2026-05-08&late=true'),
      TODAY,
    );
    expect(toApiQuery(long).late).toBeUndefined();
  });

  it('falls back to today when the period is reversed or malformed', () => {
    expect(
      parseListState(new URLSearchParams('from=2026-05-09&to=2026-05-01'), TODAY),
    ).toMatchObject({
      from: TODAY,
      to: TODAY,
    });
    expect(parseListState(new URLSearchParams('from=nonsense'), TODAY).from).toBe(TODAY);
  });
});
