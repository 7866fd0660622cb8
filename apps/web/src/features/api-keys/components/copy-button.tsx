import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';

/** Copies `text` to the clipboard and says so; without clipboard access asks to copy by hand. */
export function CopyButton({
  text,
  label = 'Скопировать',
  ...rest
}: { text: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify.warning('Не удалось скопировать: выделите текст и скопируйте вручную.');
    }
  };
  return (
    <Button
      {...rest}
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={() => void copy()}
    >
      {copied ? 'Скопировано' : label}
    </Button>
  );
}
