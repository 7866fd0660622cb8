import { Button, Drawer, Grid } from 'antd';
import type { ReactNode } from 'react';
import './form-drawer.css';

type FormDrawerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Width on wide screens; phones get the whole screen. */
  width: number;
  /** The `id` of the form «Сохранить» submits; or `onSave` for a form driven by its instance. */
  formId?: string;
  onSave?: () => void;
  saving: boolean;
  /** False: a read-only view, no «Отмена» / «Сохранить». */
  editable?: boolean;
  children: ReactNode;
};

/** A form in a drawer: full screen on phones, «Отмена» and «Сохранить» at the bottom. */
export function FormDrawer({
  open,
  onClose,
  title,
  width,
  formId,
  onSave,
  saving,
  editable = true,
  children,
}: FormDrawerProps) {
  const isPhone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={isPhone ? '100%' : width}
      title={title}
      footer={
        editable ? (
          <div className="smena-form-drawer__footer">
            <Button onClick={onClose}>Отмена</Button>
            <Button
              type="primary"
              htmlType={formId ? 'submit' : 'button'}
              form={formId}
              loading={saving}
              onClick={onSave}
            >
              Сохранить
            </Button>
          </div>
        ) : undefined
      }
    >
      {children}
    </Drawer>
  );
}
