import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A search field that tells the list after a pause in typing (`onSearch` with the trimmed text,
 * undefined when empty). When `value` changes from outside (back button, «Сбросить фильтры»), the
 * field shows it.
 */
export function SearchInput({
  value,
  onSearch,
  placeholder,
  label,
  style,
}: {
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
  placeholder: string;
  /** The accessible name of the field. */
  label: string;
  style?: CSSProperties;
}) {
  const applied = value ?? '';
  const [text, setText] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    setLastApplied(applied);
    if (text.trim() !== applied) setText(applied);
  }

  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(() => onSearch(text.trim() || undefined), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, onSearch]);

  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      style={style}
    />
  );
}
