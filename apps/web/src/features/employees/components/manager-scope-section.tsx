import { EditOutlined } from '@ant-design/icons';
import type { Employee, ManagerScope } from '@smena/contract';
import { Alert, Button, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useManagerScope } from '../api/manager-scope.ts';
import type { ScopeUnits } from '../manager-scope-format.ts';
import { ManagerScopeDrawer } from './manager-scope-drawer.tsx';

export const MANAGER_SCOPE_TITLE = 'Зона ответственности';
export const WHOLE_COMPANY = 'Вся компания';

function UnitTags({ units }: { units: ManagerScope['branches'] }) {
  if (units.length === 0) return <span className="smena-muted">—</span>;
  return (
    <div className="smena-tags">
      {units.map((unit) => (
        <Tag key={unit.id}>{unit.title}</Tag>
      ))}
    </div>
  );
}

function ScopeView({ scope, hideBranches, hideDepartments }: { scope: ManagerScope } & ScopeUnits) {
  if (scope.kind === 'COMPANY') {
    return (
      <>
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          {WHOLE_COMPANY}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Менеджер видит всех сотрудников компании и управляет ими.
        </Typography.Paragraph>
      </>
    );
  }
  // A hidden structure's row is left out unless the scope still holds units of it.
  const showBranches = !hideBranches || scope.branches.length > 0;
  const showDepartments = !hideDepartments || scope.departments.length > 0;
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        items={[
          ...(showBranches
            ? [{ key: 'branches', label: 'Филиалы', children: <UnitTags units={scope.branches} /> }]
            : []),
          ...(showDepartments
            ? [
                {
                  key: 'departments',
                  label: 'Отделы',
                  children: <UnitTags units={scope.departments} />,
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        Менеджер видит только сотрудников{' '}
        {showBranches && showDepartments
          ? 'этих филиалов и отделов (с подотделами)'
          : showBranches
            ? 'этих филиалов'
            : 'этих отделов (с подотделами)'}{' '}
        и управляет только ими.
      </Typography.Paragraph>
    </>
  );
}

/**
 * The card's «Зона ответственности» of a MANAGER: the whole company or the chosen branches and
 * departments (decision 016); «Изменить» for the company's ADMIN only, as the server allows.
 */
export function ManagerScopeSection({
  employee,
  canEdit,
  hideBranches,
  hideDepartments,
}: {
  employee: Employee;
  /** The session's role is the company's ADMIN (`PUT …/manager-scope` answers no one else). */
  canEdit: boolean;
} & ScopeUnits) {
  const scope = useManagerScope(employee.id);
  const [editing, setEditing] = useState(false);

  let body;
  if (scope.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  } else if (scope.isError) {
    body = (
      <Alert
        type="warning"
        showIcon
        title="Не удалось загрузить зону ответственности"
        description={getErrorMessage(scope.error)}
        action={
          <Button size="small" onClick={() => void scope.refetch()}>
            Повторить
          </Button>
        }
      />
    );
  } else {
    body = (
      <ScopeView scope={scope.data} hideBranches={hideBranches} hideDepartments={hideDepartments} />
    );
  }

  return (
    <Card
      variant="borderless"
      title={MANAGER_SCOPE_TITLE}
      extra={
        canEdit && scope.isSuccess ? (
          <Button
            type="link"
            icon={<EditOutlined />}
            aria-label="Изменить зону ответственности"
            style={{ paddingInline: 0 }}
            onClick={() => setEditing(true)}
          >
            Изменить
          </Button>
        ) : undefined
      }
    >
      {body}
      {canEdit && scope.isSuccess && (
        <ManagerScopeDrawer
          open={editing}
          employee={employee}
          scope={scope.data}
          hideBranches={hideBranches}
          hideDepartments={hideDepartments}
          onClose={() => setEditing(false)}
        />
      )}
    </Card>
  );
}
