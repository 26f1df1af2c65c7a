import { Icon, type IconProps } from './Icon.tsx';

export function UserPlusIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 20.5c1.3-3.4 3.9-5.5 7-5.5 1.5 0 2.9.4 4 1.2M19 14v6M16 17h6" />
    </Icon>
  );
}
