import { Icon, type IconProps } from './Icon.tsx';

export function IdCardIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2" />
      <path d="M6 16c.6-1.3 1.7-2 3-2s2.4.7 3 2M15 10h3M15 13h3" />
    </Icon>
  );
}
