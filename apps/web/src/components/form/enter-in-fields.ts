import type { KeyboardEvent } from 'react';

/**
 * One rule for every form of several fields: Enter in a field submits nothing (a browser submits a
 * form on Enter in any of its inputs, which saved half-filled employees and absences); the primary
 * button, or Ctrl+Enter (⌘+Enter) from any field, does. A form of a single field keeps Enter.
 * Put on a form (antd `Form` passes `onKeyDown` through) or on an element around one.
 */
export function keepEnterInFields(event: KeyboardEvent<HTMLElement>, submit?: () => void) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target;
  // A textarea takes its new line, a button its click, a picker its own Enter.
  if (!(target instanceof HTMLInputElement) || event.defaultPrevented) return;
  const form = target.form;
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault();
    if (submit) submit();
    else form?.requestSubmit();
    return;
  }
  if (!form) return;
  const fields = form.querySelectorAll(
    'input:not([type="hidden"]):not([type="submit"]):not([type="button"]), textarea, select',
  );
  if (fields.length > 1) event.preventDefault();
}
