import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';

/** The «…» menu of a list row; `label` names the row for screen readers. */
export function RowActions<A extends string>({
  label,
  items,
  onAction,
}: {
  label: string;
  items: NonNullable<MenuProps['items']>;
  onAction: (action: A) => void;
}) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          onAction(key as A);
        },
      }}
    >
      <Button
        type="text"
        icon={<EllipsisOutlined />}
        aria-label={`Действия: ${label}`}
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}
