import {
  CalendarOutlined,
  CloseOutlined,
  FileExcelOutlined,
  MailOutlined,
  SwapOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { employeesLabel } from '../employee-format.ts';
import type { EmployeesBulkAction } from './bulk-employees-modal.tsx';
import '../../../components/feedback/bulk-bar.css';

/** «Выбрано: N сотрудников» and the bulk actions; sticky at the bottom of the screen on phones. */
export function EmployeesBulkBar({
  count,
  exporting,
  onAction,
  onExport,
  onClear,
  isPhone,
}: {
  count: number;
  /** Phones show short labels (the full ones stay the buttons' accessible names). */
  isPhone: boolean;
  exporting: boolean;
  onAction: (action: EmployeesBulkAction) => void;
  onExport: () => void;
  onClear: () => void;
}) {
  return (
    <div className="smena-bulk-bar" role="toolbar" aria-label="Действия с выбранными сотрудниками">
      <span className="smena-bulk-bar__count" aria-live="polite">
        Выбрано: {employeesLabel(count)}
      </span>
      <div className="smena-bulk-bar__actions">
        <Button
          icon={<CalendarOutlined />}
          aria-label="Назначить график"
          onClick={() => onAction('assignSchedule')}
        >
          {isPhone ? 'График' : 'Назначить график'}
        </Button>
        <Button icon={<SwapOutlined />} onClick={() => onAction('move')}>
          Перевести
        </Button>
        <Button icon={<UserDeleteOutlined />} danger onClick={() => onAction('dismiss')}>
          Уволить
        </Button>
        <Button
          icon={<MailOutlined />}
          aria-label="Отправить приглашения повторно"
          onClick={() => onAction('resendInvitations')}
        >
          {isPhone ? 'Приглашения' : 'Отправить приглашения повторно'}
        </Button>
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={onExport}>
          Экспорт
        </Button>
        <Tooltip title="Снять выбор">
          <Button icon={<CloseOutlined />} aria-label="Снять выбор" onClick={onClear} />
        </Tooltip>
      </div>
    </div>
  );
}
