import { Icon, type IconProps } from './Icon.tsx';

export function AlertIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </Icon>
  );
}
