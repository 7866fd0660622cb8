import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Table, Typography, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type ReactNode } from 'react';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { parentIds, type DepartmentNode } from './department-tree.ts';

const RECORD_FORMS = { one: 'запись', few: 'записи', many: 'записей' };

export type DepartmentAction = 'edit' | 'add-child' | 'delete';

type DepartmentsTableProps = {
  tree: DepartmentNode[];
  /** How many departments there are in all (the tree's pages count top-level rows). */
  total: number;
  loading: boolean;
  /** Show every row unfolded (while searching). */
  expandAll: boolean;
  /** Phones: the head goes under the title instead of a column of its own. */
  compact: boolean;
  empty: ReactNode;
  onAction: (action: DepartmentAction, department: DepartmentNode) => void;
};

/** The head's name; a head who has not filled in the name yet is still a head. */
function headOf(department: DepartmentNode): string | null {
  if (department.headName) return department.headName;
  return department.headEmployeeId ? 'Имя не указано' : null;
}

const ACTION_ITEMS: MenuProps['items'] = [
  { key: 'edit', label: 'Изменить' },
  { key: 'add-child', label: 'Добавить вложенный отдел' },
  { type: 'divider' },
  { key: 'delete', label: 'Удалить', danger: true },
];

/** The departments as a tree table: sub-departments unfold under their parents. */
export function DepartmentsTable({
  tree,
  total,
  loading,
  expandAll,
  compact,
  empty,
  onAction,
}: DepartmentsTableProps) {
  // Rows are open unless the person folded them: new data arrives unfolded.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const expandable = useMemo(() => parentIds(tree), [tree]);
  const expandedRowKeys = expandAll ? expandable : expandable.filter((id) => !folded.has(id));

  const columns: ColumnsType<DepartmentNode> = [
    {
      key: 'title',
      title: 'Название',
      dataIndex: 'title',
      sorter: (a, b) => a.title.localeCompare(b.title, 'ru'),
      render: (title: string, department) => (
        <>
          <Typography.Text strong>{title}</Typography.Text>
          {compact && headOf(department) && (
            <div>
              <Typography.Text type="secondary">{headOf(department)}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    ...(compact
      ? []
      : [
          {
            key: 'head',
            title: 'Руководитель',
            sorter: (a: DepartmentNode, b: DepartmentNode) =>
              (headOf(a) ?? '').localeCompare(headOf(b) ?? '', 'ru'),
            render: (_value: unknown, department: DepartmentNode) =>
              headOf(department) ?? <Typography.Text type="secondary">не назначен</Typography.Text>,
          },
        ]),
    {
      key: 'employeeCount',
      title: 'Сотрудники',
      dataIndex: 'employeeCount',
      align: 'right',
      width: compact ? 96 : 120,
      sorter: (a, b) => a.employeeCount - b.employeeCount,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      render: (_value, department) => (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: ACTION_ITEMS,
            onClick: ({ key }) => onAction(key as DepartmentAction, department),
          }}
        >
          <Button
            type="text"
            icon={<EllipsisOutlined />}
            aria-label={`Действия: ${department.title}`}
          />
        </Dropdown>
      ),
    },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <Table<DepartmentNode>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={tree}
        loading={loading}
        scroll={compact ? undefined : { x: 'max-content' }}
        locale={{ emptyText: loading ? ' ' : empty }}
        expandable={{
          expandedRowKeys,
          onExpand: (expanded, record) =>
            setFolded((current) => {
              const next = new Set(current);
              if (expanded) next.delete(record.id);
              else next.add(record.id);
              return next;
            }),
        }}
        pagination={{
          defaultPageSize: 50,
          showSizeChanger: true,
          hideOnSinglePage: false,
          showTotal: () => formatCount(total, RECORD_FORMS),
          style: { paddingInline: 16 },
        }}
        onRow={(department) => ({ onDoubleClick: () => onAction('edit', department) })}
      />
    </Card>
  );
}
