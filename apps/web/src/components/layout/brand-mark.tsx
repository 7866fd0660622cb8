import { PRODUCT_NAME } from '@smena/contract';

/** The product's mark: a clock face on a blue tile (the same drawing as /favicon.svg). */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const tile = inverted ? '#ffffff' : '#1677ff';
  const stroke = inverted ? '#1677ff' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill={tile} />
      <circle cx="16" cy="16" r="9.5" fill="none" stroke={stroke} strokeWidth="2.6" />
      <path
        d="M16 10.5V16l3.8 2.6"
        fill="none"
        stroke={stroke}
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark and product name side by side. */
export function Brand({
  size = 32,
  inverted = false,
  fontSize = 20,
  color,
}: {
  size?: number;
  inverted?: boolean;
  fontSize?: number;
  color?: string;
}) {
  return (
    <span className="smena-brand" style={{ fontSize, color }}>
      <BrandMark size={size} inverted={inverted} />
      <span className="smena-brand__name">{PRODUCT_NAME}</span>
    </span>
  );
}
