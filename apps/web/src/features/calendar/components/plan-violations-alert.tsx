import type { NewPlanViolation } from '@smena/contract';
import { Alert } from 'antd';
import { violationLine } from '../plan-warnings.ts';

/**
 * What a roster change brings of the Labour Code: saved with a warning, or refused by the
 * company's hard stop. Each line names the employee (when asked), the article and the dates.
 */
export function PlanViolationsAlert({
  violations,
  refused,
  withNames = false,
}: {
  violations: readonly NewPlanViolation[];
  refused: boolean;
  withNames?: boolean;
}) {
  if (violations.length === 0) return null;
  return (
    <Alert
      type={refused ? 'error' : 'warning'}
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      title={
        refused
          ? 'Не сохранено: изменение нарушает ТК РФ, а в настройках компании такие изменения запрещены'
          : 'Сохранено, но план нарушает ТК РФ'
      }
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {violations.map((violation, index) => (
            <li key={index} title={violation.message}>
              {withNames && violation.name ? `${violation.name}: ` : ''}
              {violationLine(violation)}
            </li>
          ))}
        </ul>
      }
    />
  );
}
