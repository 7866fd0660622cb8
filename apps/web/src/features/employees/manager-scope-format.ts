/** Texts of a manager's scope (decision 016), named by the structures the company shows. */

export type ScopeUnits = { hideBranches: boolean; hideDepartments: boolean };

/** «филиалами и отделами», «отделами»…: what the company uses, in the instrumental case. */
export function unitsInstrumental({ hideBranches, hideDepartments }: ScopeUnits): string {
  if (hideBranches) return 'отделами';
  if (hideDepartments) return 'филиалами';
  return 'филиалами и отделами';
}

/** The radio's second choice, named by what the company uses. */
export function unitsChoiceLabel({ hideBranches, hideDepartments }: ScopeUnits): string {
  if (hideBranches && !hideDepartments) return 'Выбранные отделы';
  if (hideDepartments && !hideBranches) return 'Выбранные филиалы';
  return 'Филиалы и отделы';
}

/** UNITS with nothing chosen: the message under the first field shown. */
export function emptyUnitsMessage({ hideBranches, hideDepartments }: ScopeUnits): string {
  if (hideBranches && !hideDepartments) return 'Выберите хотя бы один отдел';
  if (hideDepartments && !hideBranches) return 'Выберите хотя бы один филиал';
  return 'Выберите хотя бы один филиал или отдел';
}
