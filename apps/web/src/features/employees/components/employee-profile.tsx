import { ToolOutlined } from '@ant-design/icons';
import type { Employee } from '@smena/contract';
import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { UNDER_CONSTRUCTION_NOTE } from '../../../components/layout/page.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { readablePhone } from '../employee-format.ts';

function orDash(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? (
    <span className="smena-muted">—</span>
  ) : (
    value
  );
}

/** «Профиль»: contacts and the place in the company's structure. */
export function EmployeeProfile({
  employee,
  hideBranches,
  hideDepartments,
  aside,
}: {
  employee: Employee;
  hideBranches: boolean;
  hideDepartments: boolean;
  /** More cards under «Контакты» (a manager's «Зона ответственности»). */
  aside?: ReactNode;
}) {
  const contactsHidden = employee.email === null && employee.phone === null;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={10} className="smena-employee-profile__aside">
        <Card variant="borderless" title="Контакты">
          {contactsHidden ? (
            <Typography.Text type="secondary">
              Контакты скрыты: их видит только администратор компании.
            </Typography.Text>
          ) : (
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'email',
                  label: 'Email',
                  children: employee.email ? (
                    <a href={`mailto:${employee.email}`}>{employee.email}</a>
                  ) : (
                    orDash(null)
                  ),
                },
                {
                  key: 'phone',
                  label: 'Телефон',
                  children: employee.phone ? (
                    <a href={`tel:${employee.phone}`}>{readablePhone(employee.phone)}</a>
                  ) : (
                    orDash(null)
                  ),
                },
              ]}
            />
          )}
        </Card>
        {aside}
      </Col>
      <Col xs={24} lg={14}>
        <Card variant="borderless" title="Работа">
          <Descriptions
            column={1}
            size="small"
            items={[
              ...(hideDepartments
                ? []
                : [
                    {
                      key: 'department',
                      label: 'Отдел',
                      children: orDash(employee.departmentTitle),
                    },
                  ]),
              { key: 'position', label: 'Должность', children: orDash(employee.positionTitle) },
              ...(hideBranches
                ? []
                : [
                    {
                      key: 'branches',
                      label: 'Филиалы',
                      children:
                        employee.branches.length > 0 ? (
                          <div className="smena-tags">
                            {employee.branches.map((branch) => (
                              <Tag key={branch.id}>{branch.title}</Tag>
                            ))}
                          </div>
                        ) : (
                          orDash(null)
                        ),
                    },
                  ]),
              {
                key: 'personnelNumber',
                label: 'Табельный номер',
                children: orDash(employee.personnelNumber),
              },
              { key: 'hireDate', label: 'Дата приёма', children: orDash(employee.hireDate) },
              ...(employee.dismissedAt
                ? [{ key: 'dismissedAt', label: 'Дата увольнения', children: employee.dismissedAt }]
                : []),
              {
                key: 'createdAt',
                label: 'Добавлен в систему',
                children: orDash(formatDate(employee.createdAt)),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** A tab whose feature arrives later: a plain note, no made-up data. */
export function ComingLaterSection({ description }: { description: string }) {
  return (
    <Card variant="borderless">
      <div className="smena-placeholder">
        <span className="smena-placeholder__icon" aria-hidden>
          <ToolOutlined />
        </span>
        <div>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {UNDER_CONSTRUCTION_NOTE}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {description}
          </Typography.Paragraph>
        </div>
      </div>
    </Card>
  );
}
