import { calendarDayKinds, calendarDayKindLabels, type CalendarDayKind } from '@smena/contract';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { longDate } from '../month.ts';

const RESET = 'PRODUCTION';

/**
 * The list under a date of the grid's header: what the date is for the whole company, or back
 * to the production calendar when the company changed it.
 */
export function DayKindMenu({
  date,
  kind,
  isCompanyDay,
  onChange,
  children,
}: {
  date: string;
  kind: CalendarDayKind | undefined;
  isCompanyDay: boolean;
  onChange: (date: string, kind: CalendarDayKind | null) => void;
  children: ReactElement;
}) {
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'title',
      label: `${longDate(date)} — для всей компании`,
      children: calendarDayKinds.map((option) => ({
        key: option,
        label: calendarDayKindLabels[option],
      })),
    },
    { type: 'divider' },
    {
      key: RESET,
      disabled: !isCompanyDay,
      title: isCompanyDay ? undefined : 'Дата и так как в производственном календаре',
      label: 'Как в производственном календаре',
    },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: kind ? [kind] : [],
        onClick: ({ key }) => {
          if (key === RESET) onChange(date, null);
          // The same kind again changes nothing the company would see.
          else if (key !== kind) onChange(date, key as CalendarDayKind);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
