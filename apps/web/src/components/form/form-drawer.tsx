import { App, Button, Drawer, Form, Grid } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { keepEnterInFields } from './enter-in-fields.ts';
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

/**
 * A form in a drawer: full screen on phones, «Отмена» and «Сохранить» at the bottom.
 *
 * Nothing typed is thrown away without asking: once a person changed a field of a form inside
 * (antd `Form.Provider` hears every form in the drawer), closing it by «Отмена», the cross, Esc
 * or a click beside the drawer asks first. The owner's own `onClose` after a save does not pass
 * through here, so it closes at once.
 *
 * Enter in a field submits nothing; Ctrl+Enter saves, like «Сохранить» (enter-in-fields.ts).
 */
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
  const { modal } = App.useApp();
  const changed = useRef(false);
  const asking = useRef(false);
  useEffect(() => {
    if (open) changed.current = false;
  }, [open]);

  const requestClose = () => {
    if (!editable || !changed.current) {
      onClose();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: 'Закрыть без сохранения?',
      content: 'Введённые данные пропадут.',
      okText: 'Закрыть',
      okButtonProps: { danger: true },
      cancelText: 'Продолжить',
      autoFocusButton: 'cancel',
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={requestClose}
      destroyOnHidden
      size={isPhone ? '100%' : width}
      title={title}
      footer={
        editable ? (
          <div className="smena-form-drawer__footer">
            <Button onClick={requestClose}>Отмена</Button>
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
      <Form.Provider
        onFormChange={(_name, { changedFields }) => {
          // A person's edit touches the field; a validation on «Сохранить» alone does not.
          if (changedFields.some((field) => field.touched)) changed.current = true;
        }}
      >
        <div
          className="smena-form-drawer__body"
          onKeyDown={(event) => keepEnterInFields(event, formId ? undefined : onSave)}
        >
          {children}
        </div>
      </Form.Provider>
    </Drawer>
  );
}
