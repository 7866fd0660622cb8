import type { Department } from '@smena/contract';
import { describe, expect, it } from 'vitest';
import {
  buildDepartmentTree,
  departmentOptions,
  filterDepartmentTree,
  parentIds,
  subtreeIds,
  type DepartmentNode,
} from './department-tree.ts';

function makeDepartment(overrides: Partial<Department> & Pick<Department, 'id'>): Department {
  return {
    title: `Отдел ${overrides.id}`,
    parentId: null,
    headEmployeeId: null,
    headName: null,
    employeeCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** id → ids of children, to compare shapes briefly. */
function shape(nodes: DepartmentNode[]): unknown[] {
  return nodes.map((node) => (node.children ? { [node.id]: shape(node.children) } : node.id));
}

const company = [
  makeDepartment({ id: 1, title: 'Продажи' }),
  makeDepartment({ id: 2, title: 'Розница', parentId: 1 }),
  makeDepartment({ id: 3, title: 'Опт', parentId: 1, headName: 'Иванова Мария' }),
  makeDepartment({ id: 4, title: 'Магазин на Ленина', parentId: 2 }),
  makeDepartment({ id: 5, title: 'Бухгалтерия' }),
];

describe('buildDepartmentTree', () => {
  it('nests departments under their parents and sorts each level by title', () => {
    expect(shape(buildDepartmentTree(company))).toEqual([5, { 1: [3, { 2: [4] }] }]);
  });

  it('leaves no children array on leaves', () => {
    const [accounting] = buildDepartmentTree(company);
    expect(accounting).not.toHaveProperty('children');
  });

  it('puts a department whose parent is unknown at the top level', () => {
    const tree = buildDepartmentTree([makeDepartment({ id: 7, parentId: 99 })]);
    expect(shape(tree)).toEqual([7]);
  });

  it('survives loops and self-references without losing anyone', () => {
    const tree = buildDepartmentTree([
      makeDepartment({ id: 1, title: 'А', parentId: 2 }),
      makeDepartment({ id: 2, title: 'Б', parentId: 1 }),
      makeDepartment({ id: 3, title: 'В', parentId: 3 }),
      makeDepartment({ id: 4, title: 'Г', parentId: 1 }),
    ]);
    expect(shape(tree)).toEqual([{ 1: [2, 4] }, 3]);
  });
});

describe('subtreeIds', () => {
  it('holds the department and all its descendants', () => {
    expect([...subtreeIds(company, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(company, 2)].sort()).toEqual([2, 4]);
    expect([...subtreeIds(company, 5)]).toEqual([5]);
  });
});

describe('departmentOptions', () => {
  it('drops the excluded department together with its subtree', () => {
    const tree = buildDepartmentTree(company);
    const options = departmentOptions(tree, subtreeIds(company, 2));
    expect(options).toEqual([
      { value: 5, title: 'Бухгалтерия' },
      { value: 1, title: 'Продажи', children: [{ value: 3, title: 'Опт' }] },
    ]);
  });
});

describe('filterDepartmentTree', () => {
  const tree = buildDepartmentTree(company);

  it('keeps the ancestors of a match, so it is seen in place', () => {
    expect(shape(filterDepartmentTree(tree, 'ленина'))).toEqual([{ 1: [{ 2: [4] }] }]);
  });

  it('keeps every sub-department of a matching department', () => {
    expect(shape(filterDepartmentTree(tree, 'Розница'))).toEqual([{ 1: [{ 2: [4] }] }]);
  });

  it('finds a department by its head', () => {
    expect(shape(filterDepartmentTree(tree, 'иванова'))).toEqual([{ 1: [3] }]);
  });

  it('returns the whole tree for an empty search', () => {
    expect(filterDepartmentTree(tree, '  ')).toBe(tree);
  });
});

describe('parentIds', () => {
  it('lists the departments that can be expanded', () => {
    expect(parentIds(buildDepartmentTree(company)).sort()).toEqual([1, 2]);
  });
});
