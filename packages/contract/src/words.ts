const pluralRules = new Intl.PluralRules('ru-RU');

export type WordForms = { one: string; few: string; many: string };

/** The form of a word that goes with a number: «день» for 21, «дня» for 3, «дней» for 14. */
export function pluralForm(count: number, forms: WordForms): string {
  const category = pluralRules.select(count);
  return category === 'one' ? forms.one : category === 'few' ? forms.few : forms.many;
}

/** «14 дней», «21 день», «3 дня»: the number followed by the word in the matching form. */
export function formatCount(count: number, forms: WordForms): string {
  return `${count} ${pluralForm(count, forms)}`;
}

/** «30 дней», «1 день», «2 дня». */
export const DAY_FORMS: WordForms = { one: 'день', few: 'дня', many: 'дней' };
