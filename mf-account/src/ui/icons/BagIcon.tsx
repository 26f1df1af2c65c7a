import { Icon, type IconProps } from './Icon.tsx';

export function BagIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </Icon>
  );
}
