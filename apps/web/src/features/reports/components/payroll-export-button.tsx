import { DownOutlined, FileTextOutlined } from '@ant-design/icons';
import type { PayrollExportFormat } from '@smena/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useExportPayroll } from '../api/export-payroll.ts';
import type { ReportCardQuery } from '../api/keys.ts';

const formats: { key: PayrollExportFormat; label: string }[] = [
  { key: 'xlsx', label: 'Excel' },
  { key: 'csv', label: 'CSV для 1С' },
];

/**
 * «Выгрузка для зарплаты»: the timesheet's month and filters as days and hours by T-13 code, in
 * the format chosen from the menu.
 */
export function PayrollExportButton({
  query,
  disabled,
}: {
  query: ReportCardQuery;
  disabled: boolean;
}) {
  const exportPayroll = useExportPayroll();
  const menu: MenuProps = {
    items: formats.map(({ key, label }) => ({ key, label })),
    onClick: ({ key }) => exportPayroll.mutate({ ...query, format: key as PayrollExportFormat }),
  };
  return (
    <Dropdown menu={menu} trigger={['click']} disabled={disabled || exportPayroll.isPending}>
      <Button icon={<FileTextOutlined />} loading={exportPayroll.isPending} disabled={disabled}>
        Выгрузка для зарплаты <DownOutlined />
      </Button>
    </Dropdown>
  );
}
