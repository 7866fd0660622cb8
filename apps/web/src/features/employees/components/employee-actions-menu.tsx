import {
  EditOutlined,
  EyeOutlined,
  MoreOutlined,
  RollbackOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import type { Employee } from '@smena/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { fullName } from '../employee-format.ts';

export type EmployeeRowActions = {
  onOpen: (employee: Employee) => void;
  onEdit: (employee: Employee) => void;
  onDismiss: (employee: Employee) => void;
  onRestore: (employee: Employee) => void;
};

/** The row's «…» menu: Открыть, Изменить, Уволить / Восстановить. */
export function EmployeeActionsMenu({
  employee,
  actions,
}: {
  employee: Employee;
  actions: EmployeeRowActions;
}) {
  const isDismissed = employee.status === 'DISMISSED';
  const items: MenuProps['items'] = [
    { key: 'open', icon: <EyeOutlined />, label: 'Открыть' },
    { key: 'edit', icon: <EditOutlined />, label: 'Изменить' },
    { type: 'divider' },
    isDismissed
      ? { key: 'restore', icon: <RollbackOutlined />, label: 'Восстановить' }
      : { key: 'dismiss', icon: <UserDeleteOutlined />, label: 'Уволить', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'open') actions.onOpen(employee);
    if (key === 'edit') actions.onEdit(employee);
    if (key === 'dismiss') actions.onDismiss(employee);
    if (key === 'restore') actions.onRestore(employee);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={`Действия: ${fullName(employee)}`}
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}
