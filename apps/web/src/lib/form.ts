import type { FormInstance, FormRule as Rule } from 'antd';
import { PhoneSchema } from '@smena/contract';
import { isApiError } from './api-error.ts';
import { isPhoneComplete, toE164 } from './phone-mask.ts';

/** Any zod schema, seen only through `safeParse` (the web app reaches zod through the contract). */
type SafeParser = {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
};

/** antd validators report a problem by rejecting with an Error. */
function fail(message: string): Promise<never> {
  return Promise.reject(new Error(message));
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * An antd rule that validates a field with the same zod schema the server uses.
 * `requiredMessage` replaces the schema's message for an empty field («Введите email»).
 */
export function zodRule(schema: SafeParser, requiredMessage?: string): Rule {
  return {
    validator: (_rule, value: unknown) => {
      if (requiredMessage && isEmpty(value)) return fail(requiredMessage);
      const result = schema.safeParse(value ?? '');
      return result.success
        ? Promise.resolve()
        : fail(result.error.issues[0]?.message ?? 'Некорректное значение');
    },
  };
}

/** «Повторите пароль» must equal the field `other`. */
export function sameAsRule(other: string, message = 'Пароли не совпадают'): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      value && value !== getFieldValue(other) ? fail(message) : Promise.resolve(),
  });
}

/**
 * Puts the server's field errors (`details: [{ field, message }]`) under the fields of the form.
 * Returns true when at least one field got its error, so the caller can skip a general message.
 */
export function applyServerFieldErrors(
  form: FormInstance,
  error: unknown,
  fieldMap: Record<string, string> = {},
): boolean {
  if (!isApiError(error) || !error.details?.length) return false;
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const fields = error.details
    .map((detail) => ({ name: fieldMap[detail.field] ?? detail.field, errors: [detail.message] }))
    .filter((field) => known.has(field.name));
  if (fields.length === 0) return false;
  form.setFields(fields);
  return true;
}

/**
 * For a form's `onValuesChange`: the fields a person just changed lose their errors (the schema's
 * or the server's from `applyServerFieldErrors`), the others keep theirs.
 */
export function clearChangedFieldErrors(form: FormInstance, changed: object): void {
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
}

/** A phone typed through the mask of `phoneCode`: complete, and valid for the server's schema. */
export function phoneRule(phoneCode: string, required = true): Rule {
  return {
    validator: (_rule, value: string | undefined) => {
      if (!value || value.replace(/\D/g, '') === phoneCode.replace(/\D/g, '')) {
        return required ? fail('Введите телефон') : Promise.resolve();
      }
      if (!isPhoneComplete(value, phoneCode)) return fail('Введите номер полностью');
      const result = PhoneSchema.safeParse(toE164(value, phoneCode));
      return result.success
        ? Promise.resolve()
        : fail(result.error.issues[0]?.message ?? 'Некорректный номер телефона');
    },
  };
}
