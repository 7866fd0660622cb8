import type { Department } from '@smena/contract';

/** A department with its sub-departments; `children` is absent on leaves (antd shows no arrow). */
export type DepartmentNode = Department & { children?: DepartmentNode[] };

/** An option of a TreeSelect over departments. */
export type DepartmentOption = { value: number; title: string; children?: DepartmentOption[] };

const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, 'ru');

/**
 * Every department's effective parent: a missing parent, a self-reference or a loop makes the
 * department a top-level one, so that no department is ever lost from the tree.
 */
function effectiveParents(departments: Department[]): Map<number, number | null> {
  const ids = new Set(departments.map((department) => department.id));
  const parentOf = new Map<number, number | null>();
  for (const department of departments) {
    const { id, parentId } = department;
    parentOf.set(id, parentId !== null && parentId !== id && ids.has(parentId) ? parentId : null);
  }
  for (const department of departments) {
    const seen = new Set<number>();
    let current = parentOf.get(department.id) ?? null;
    while (current !== null) {
      if (current === department.id) {
        parentOf.set(department.id, null);
        break;
      }
      if (seen.has(current)) break;
      seen.add(current);
      current = parentOf.get(current) ?? null;
    }
  }
  return parentOf;
}

/** The departments as a tree built from `parentId`, each level sorted by title. */
export function buildDepartmentTree(departments: Department[]): DepartmentNode[] {
  const parentOf = effectiveParents(departments);
  const childrenOf = new Map<number | null, Department[]>();
  for (const department of departments) {
    const parent = parentOf.get(department.id) ?? null;
    const list = childrenOf.get(parent) ?? [];
    list.push(department);
    childrenOf.set(parent, list);
  }
  const build = (parent: number | null): DepartmentNode[] =>
    (childrenOf.get(parent) ?? []).sort(byTitle).map((department) => {
      const children = build(department.id);
      return children.length > 0 ? { ...department, children } : { ...department };
    });
  return build(null);
}

/** The department `id` and everything below it: none of these may become its parent. */
export function subtreeIds(departments: Department[], id: number): Set<number> {
  const parentOf = effectiveParents(departments);
  const childrenOf = new Map<number, number[]>();
  for (const [child, parent] of parentOf) {
    if (parent === null) continue;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child]);
  }
  const result = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    if (result.has(current)) continue;
    result.add(current);
    stack.push(...(childrenOf.get(current) ?? []));
  }
  return result;
}

/** TreeSelect options without the `excluded` departments (their subtrees go with them). */
export function departmentOptions(
  tree: DepartmentNode[],
  excluded: ReadonlySet<number> = new Set(),
): DepartmentOption[] {
  return tree
    .filter((node) => !excluded.has(node.id))
    .map((node) => {
      const children = departmentOptions(node.children ?? [], excluded);
      return children.length > 0
        ? { value: node.id, title: node.title, children }
        : { value: node.id, title: node.title };
    });
}

/**
 * The part of the tree that matches `search` (title or head): a matching department keeps all its
 * sub-departments, and the departments above a match stay so that it is seen in place.
 */
export function filterDepartmentTree(tree: DepartmentNode[], search: string): DepartmentNode[] {
  const needle = search.trim().toLocaleLowerCase('ru');
  if (!needle) return tree;
  const matches = (node: DepartmentNode) =>
    node.title.toLocaleLowerCase('ru').includes(needle) ||
    (node.headName ?? '').toLocaleLowerCase('ru').includes(needle);
  const result: DepartmentNode[] = [];
  for (const node of tree) {
    if (matches(node)) {
      result.push(node);
      continue;
    }
    const children = filterDepartmentTree(node.children ?? [], search);
    if (children.length > 0) result.push({ ...node, children });
  }
  return result;
}

/** Ids of the departments that have sub-departments (the rows that can be expanded). */
export function parentIds(tree: DepartmentNode[]): number[] {
  return tree.flatMap((node) => (node.children ? [node.id, ...parentIds(node.children)] : []));
}
